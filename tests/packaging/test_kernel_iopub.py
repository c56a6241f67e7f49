"""A burst of widget messages reaches the page whole (lcb_lab/ui/lab/iopub.py).

*Fork here* opens some 1,000 widgets at once.  ipykernel's IOPub is a lossy ZeroMQ ``XPUB`` socket
(1,000 messages per subscriber): on a loaded machine the server fell behind, a widget's ``comm_open``
was dropped without a word and the page showed "Error: widget model not found" where the branch's
map should be.  Here a real kernel sends 10,000 ``comm_open`` while its client reads nothing until the cell
has sent them (a server that fell behind): a kernel that imported lcb_lab delivers every one, in order; a
kernel that did not drops some (the loss is real)."""
from __future__ import annotations

import subprocess
import sys

import pytest

BURST = r"""
import queue, sys, time
from jupyter_client.manager import start_new_kernel
km, kc = start_new_kernel(kernel_name="python3")
try:
    cell = sys.argv[1] + "\nfrom comm import create_comm\n_c = [create_comm(target_name='lcb-burst', data={'i': i, 'pad': 'x' * 2000}) for i in range(10000)]\n"
    msg_id = kc.execute(cell)
    try:                                            # read nothing till the cell has sent its burst (a kernel
        kc.get_shell_msg(timeout=20)                # that waits for its reader may not finish it: then 20 s)
    except queue.Empty:
        pass
    time.sleep(2)                                   # and its IOPub thread has pushed what it could
    got, done = [], False
    while not done:
        try:
            m = kc.get_iopub_msg(timeout=10)
        except queue.Empty:                         # the cell's "idle" was lost too
            break
        if m["header"]["msg_type"] == "comm_open" and m["content"].get("target_name") == "lcb-burst":
            got.append(m["content"]["data"]["i"])
        done = (m["parent_header"].get("msg_id") == msg_id and m["header"]["msg_type"] == "status"
                and m["content"]["execution_state"] == "idle")
    print(len(got), got == sorted(got))
finally:
    kc.stop_channels()
    km.shutdown_kernel(now=True)
"""


@pytest.mark.parametrize("cell", ["import lcb_lab", "x = 1"])
def test_a_burst_of_comm_opens_arrives_whole_once_lcb_lab_is_imported(tmp_path, cell):
    r = subprocess.run([sys.executable, "-c", BURST, cell], capture_output=True, text=True, timeout=300,
                       cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-2000:]
    count, ordered = r.stdout.split()
    if cell == "import lcb_lab":
        assert (int(count), ordered) == (10000, "True")
    else:
        assert int(count) < 10000, "the plain kernel lost nothing: the test no longer shows the loss"


def test_install_is_idempotent_and_says_no_outside_a_kernel():
    from lcb_lab.ui.lab import iopub

    assert iopub.install(object()) is False
    scheduled = []

    class Socket:
        import zmq
        type = zmq.XPUB

    class Thread:
        socket = Socket()

        def schedule(self, f):
            scheduled.append(f)

    class Kernel:
        iopub_thread = Thread()

    assert iopub.install(Kernel()) and iopub.install(Kernel())
    assert len(scheduled) == 1
