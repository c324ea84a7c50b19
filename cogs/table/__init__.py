"""A table at the Discord edge: the click controller, the publisher that shows a committed change, the persistent
controls, the renderer every game's extends, and the one error path."""
