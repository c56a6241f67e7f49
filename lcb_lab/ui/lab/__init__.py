"""The lab every game shares (UI layer: never imported by the rules): the controller, the message
line, the History tab (Undo, timeline, Fork here), the Game tab, the explained log, the Bokeh
embedding, the Voila launcher and the notebook error display."""
