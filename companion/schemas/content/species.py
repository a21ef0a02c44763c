"""Each species' Character Species card (p.43 A-B: maximum HP and AP, and its special attribute) as the table
plays it: the table's entry in the card library ("species", typed once on the Cards page for every campaign)
over data/phantom-epoch/species.json's, which holds no numbers (the rulebook text prints none).

A species whose numbers nobody typed yet has HP and AP None; each entry says whether a player checked it
against the card ("verified").
"""
from __future__ import annotations


def shipped_species(loaded: dict) -> dict[str, dict]:
    """species.json's playable species by name, in the card library's shape (null numbers: not copied yet)."""
    return {s["name"]: {"hp": s["hp"], "ap": s["ap"], "special": s["special"] or "", "verified": s["verified"]}
            for s in loaded["species"] if s["playable"]}


def species_entries(loaded: dict, library: dict) -> dict[str, dict]:
    """Every species' card by name: species.json's playable ones, each replaced by the table's entry of it in the
    card library, then the library's other species. What `sheet.carried` reads as `species_numbers`."""
    return {**shipped_species(loaded), **library.get("species", {})}
