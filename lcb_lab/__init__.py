"""lcb_lab: rules engine and Jupyter teaching sandbox for Littoral Commander: Baltic."""
__version__ = "0.1.0"
