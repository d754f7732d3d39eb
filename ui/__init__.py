"""The Qt desktop application; it depends on ``engine``, never the other way round."""
