"""The Teaching perspective: one pair's anchor-broadcast alignment as a lesson, step by step
(AnCast paper §2.1-2.3, eq. 1-14, Algorithm 1-2), drawn from :mod:`engine.teach`.

Qt-free: :mod:`.model` (what a step shows), :mod:`.explanation` (a cell's equations with their
numbers), :mod:`.prediction` (a student's guess judged), :mod:`.guide` (a teacher's notes per
step), :mod:`.slides` (the lesson as pages of SVG). With Qt: :mod:`.state` (the lesson shown,
its parameters, step, cell and prediction), the panels (:mod:`.lesson_panel`,
:mod:`.convergence`, :mod:`.parameters`, :mod:`.explanation_panel`, :mod:`.steps_panel`),
:mod:`.graphs` (the pair's graphs at the step), :mod:`.presentation` (F11) and :mod:`.pdf`.
"""
