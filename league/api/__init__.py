"""REST API (Django REST framework), documented with drf-spectacular at /api/docs/.

Version 1 is read-only plus stateless scoring; writes with roles follow (see the brief).
Shapes are those of the CLI (README), so tools can switch between the two.
"""
