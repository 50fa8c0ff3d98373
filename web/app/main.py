from pyscript import document

from engine.registry import all_games

document.getElementById("status").innerText = ", ".join(g.name for g in all_games())
document.documentElement.dataset.ready = "1"
