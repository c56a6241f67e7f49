"""Transport: disembarking, lift, ports, amphibious landing (12.x)."""
