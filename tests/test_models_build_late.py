"""Every pydantic model in scorepad builds its validator when first used, not when imported.

Building a model's validator and serialiser is most of what importing the engine and the store
costs (about 0.1 s of the offline app's start in the browser's Python), and the first screen
(the list of games) validates none of them: ``defer_build=True`` moves each build to the model's
first use. A model that forgets it slows every start again, so each is checked here; and each
is built once, so a deferred model that could not build (a forward reference left unresolved)
fails here and not at a player's first tap.
"""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from pydantic import BaseModel

MODEL_PACKAGES = ("scorepad.engine", "scorepad.store", "scorepad.sharing")
"""Where the app's models live (the views and controllers hold none)."""


def scorepad_models() -> list[type[BaseModel]]:
    models: dict[str, type[BaseModel]] = {}
    for package_name in MODEL_PACKAGES:
        package = importlib.import_module(package_name)
        for found in pkgutil.walk_packages(package.__path__, f"{package_name}."):
            module = importlib.import_module(found.name)
            for value in vars(module).values():
                if (
                    isinstance(value, type)
                    and issubclass(value, BaseModel)
                    and value.__module__ == found.name
                ):
                    models[f"{value.__module__}.{value.__qualname__}"] = value
    return [models[name] for name in sorted(models)]


MODELS = scorepad_models()


def test_the_models_are_found() -> None:
    names = {model.__name__ for model in MODELS}
    assert {"GameRecord", "RoundRecord", "ScoreSheet", "StoredGame", "Variant"} <= names
    assert all(model.__module__.startswith("scorepad.") for model in MODELS)


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model.__qualname__)
def test_a_model_builds_on_first_use_and_can_build(model: type[BaseModel]) -> None:
    assert model.model_config.get("defer_build") is True, (
        f"{model.__module__}.{model.__qualname__} builds when imported: "
        "add defer_build=True to its model_config"
    )
    model.model_rebuild(force=True)
    assert model.__pydantic_complete__
