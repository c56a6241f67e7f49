"""Littoral Commander: Baltic on the kernel: its actions, rules, data, files and content."""
