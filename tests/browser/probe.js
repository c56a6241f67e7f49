// In-page timing probe for the lab (installed with add_init_script before any page script runs).
//
// Everything is timed inside the page with performance.now() (ms since the page's time origin),
// never by polling from the test driver:
//   (a) input events: a capturing pointerdown / click / keydown listener on document records
//       event.timeStamp (when the browser received the input) under the label the driver armed;
//   (b) panels: a MutationObserver on the whole document (childList, attributes, characterData,
//       subtree) records, per callback, the time and which lab panels the mutated nodes are in;
//   (c) canvas paints: CanvasRenderingContext2D drawing calls on a large canvas (the Bokeh map)
//       are noted, and the requestAnimationFrame after the last call of a frame records that the
//       frame is painted; each canvas's Bokeh host element (.bk-Canvas) is counted once.
// The driver waits for quiescence with page.wait_for_function (run in the page) and then reads
// these records; see tests/browser/driver.py (Probe).
(() => {
  if (window.__lcb) return;
  const now = () => performance.now();
  const P = (window.__lcb = {
    events: [],      // {label, type, t, tl, text}
    muts: [],        // {t, p: [panel names]}
    paints: [],      // {host, first, last, frame, w, h}: w x h the canvas's size in device pixels
    hosts: [],       // {host, t}: Bokeh canvas views (.bk-Canvas hosts) that drew
    armed: null,     // {label, type}
    // panel name -> CSS selector (the lab's stable classes); "text:" panels match the nearest
    // .widget-html whose text contains the words (a fallback until the lab tags the panel)
    panels: {
      app: ".lcb-app",
      hexinfo: ".lcb-hex-info",
      log: ".lcb-log-panel",
      decision: ".lcb-decision",
      tracker: ".lcb-unit-tracker",
      odds: ".lcb-odds",
      right: ".lcb-right",
      canvas: ".bk-Canvas",
    },
    textPanels: {oddsText: ["odds"]},
    minCanvasArea: 200 * 200,
  });

  // ---------------------------------------------------------------- (a) input events
  P.arm = (label, type) => { P.armed = {label, type: type || "pointerdown"}; };
  const onInput = (e) => {
    if (e.type === "keydown" && e.key !== "Enter" && e.key !== "Tab") return;
    const a = P.armed;
    const label = a && a.type === e.type ? a.label : null;
    if (label !== null) P.armed = null;
    const tl = now();
    const t = e.timeStamp > 0 && e.timeStamp <= tl ? e.timeStamp : tl;
    const tgt = e.target && e.target.nodeType === 1 ? e.target : null;
    P.events.push({label, type: e.type, t, tl, text: tgt ? (tgt.innerText || tgt.value || "").slice(0, 40) : ""});
    if (P.events.length > 2000) P.events.splice(0, 1000);
  };
  for (const type of ["pointerdown", "click", "keydown"]) document.addEventListener(type, onInput, true);

  // ---------------------------------------------------------------- (b) panel mutations
  const panelsOf = (node, hits) => {
    const el = node && (node.nodeType === 1 ? node : node.parentElement);
    if (!el || !el.closest) return;
    if (!el.closest(".lcb-app")) {
      if (el.closest(".bk-Canvas")) hits.add("canvas");
      return;
    }
    for (const [name, sel] of Object.entries(P.panels)) if (el.closest(sel)) hits.add(name);
    for (const [name, words] of Object.entries(P.textPanels)) {
      const box = el.closest(".widget-html");
      if (box) {
        const text = (box.textContent || "").toLowerCase();
        if (words.every((w) => text.includes(w))) hits.add(name);
      }
    }
  };
  const observer = new MutationObserver((records) => {
    const t = now();
    const hits = new Set();
    for (const r of records) panelsOf(r.target, hits);   // a removed node's old parent is r.target
    if (hits.size) {
      P.muts.push({t, p: [...hits]});
      if (P.muts.length > 20000) P.muts.splice(0, 10000);
    }
  });
  observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});

  // ---------------------------------------------------------------- (c) canvas paints
  const hostIds = new WeakMap();
  let nextHost = 1;
  let frame = null;   // the frame being drawn: {host, first, last}
  const hostOf = (canvas) => {
    let h = hostIds.get(canvas);
    if (h !== undefined) return h;
    const root = canvas.getRootNode && canvas.getRootNode();
    const host = (root && root.host) || canvas.parentElement || canvas;
    h = hostIds.get(host);
    if (h === undefined) {
      h = nextHost++;
      hostIds.set(host, h);
      P.hosts.push({host: h, t: now()});
    }
    hostIds.set(canvas, h);
    return h;
  };
  const noteDraw = (ctx) => {
    const c = ctx.canvas;
    if (!c || !(c instanceof HTMLCanvasElement) || c.width * c.height < P.minCanvasArea) return;
    const host = hostOf(c);
    const t = now();
    if (frame === null) {
      frame = {host, first: t, last: t, w: c.width, h: c.height};
      requestAnimationFrame(() => {
        const f = frame;
        frame = null;
        f.frame = now();
        P.paints.push(f);
        if (P.paints.length > 5000) P.paints.splice(0, 2500);
      });
    } else {
      frame.last = t;
    }
  };
  const proto = window.CanvasRenderingContext2D && CanvasRenderingContext2D.prototype;
  if (proto) {
    for (const name of ["fillRect", "strokeRect", "clearRect", "fill", "stroke", "fillText", "strokeText",
                        "drawImage", "putImageData"]) {
      const orig = proto[name];
      if (typeof orig !== "function") continue;
      proto[name] = function (...args) {
        try { noteDraw(this); } catch (e) { /* never break the page */ }
        return orig.apply(this, args);
      };
    }
  }

  // ---------------------------------------------------------------- queries for the driver
  P.reset = () => { P.events = []; P.muts = []; P.paints = []; };
  P.eventOf = (label) => {
    for (let i = P.events.length - 1; i >= 0; i--) if (P.events[i].label === label) return P.events[i];
    return null;
  };
  // Has `panel` settled after the event `label`: at least one change after it and none for quietMs?
  P.settled = (label, panel, quietMs) => {
    const ev = P.eventOf(label);
    if (!ev) return false;
    const last = P.lastAfter(panel, ev.t);
    return last !== null && now() - last >= quietMs;
  };
  P.lastAfter = (panel, t0) => {
    if (panel === "paint") {
      for (let i = P.paints.length - 1; i >= 0; i--) if (P.paints[i].first >= t0) return P.paints[i].frame;
      return null;
    }
    for (let i = P.muts.length - 1; i >= 0; i--) {
      const m = P.muts[i];
      if (m.t < t0) return null;
      if (m.p.includes(panel)) return m.t;
    }
    return null;
  };
  // The figure of one measurement: the event, and the first and last change of `panel` after it.
  P.result = (label, panel) => {
    const ev = P.eventOf(label);
    if (!ev) return null;
    let first = null, last = null, n = 0;
    if (panel === "paint") {
      for (const f of P.paints) if (f.first >= ev.t) { if (first === null) first = f.frame; last = f.frame; n++; }
    } else {
      for (const m of P.muts) if (m.t >= ev.t && m.p.includes(panel)) { if (first === null) first = m.t; last = m.t; n++; }
    }
    return {t: ev.t, tl: ev.tl, first, last, n, now: now()};
  };
  // Paint frames and Bokeh canvas views created since t0 (Run All, page load).
  P.paintsSince = (t0) => ({
    paints: P.paints.filter((f) => f.first >= t0),
    hosts: P.hosts.filter((h) => h.t >= t0),
    now: now(),
  });
})();
