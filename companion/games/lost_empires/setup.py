"""Set-up (p.3-5): the players, the First Player roll, the factions, the 18-card decks, round 1."""
from __future__ import annotations

from dataclasses import replace

from ..frame import GameError, Outcome, Player, player_name, with_side
from .state import DECK_COPIES, DECK_DIFFERENT, ELITE_RULES, PLAYERS, Content, Faction, Game, Side, other


def new_game(players: tuple[Player, ...], rng=None, elite_rule: str = "two-player") -> Game:
    """`rng` is the frame's: Lost Empires deals nothing at random."""
    if len(players) != PLAYERS:
        raise GameError("players", f"Lost Empires is a game for {PLAYERS} players (p.3).")
    if elite_rule not in ELITE_RULES:
        raise GameError("elite_rule", f"Choose one of {', '.join(ELITE_RULES)}.")
    return Game(players=tuple(players), sides=tuple(Side() for _ in players), elite_rule=elite_rule)


def roll_for_first(g: Game, totals: tuple[int, int]) -> Outcome:
    """Each player rolls both result dice; the higher sum is First Player; a tie rolls again (p.3)."""
    _in_setup(g)
    if g.first is not None:
        raise GameError("roll", f"{player_name(g, g.first)} is already First Player.")
    if any(t < 0 for t in totals):
        raise GameError("roll", f"A sum of two result dice is never negative: {min(totals)}.")
    g = replace(g, rolls=g.rolls + (tuple(totals),))
    if totals[0] == totals[1]:
        return Outcome(g, f"First player roll tied at {totals[0]}: roll again",
                       ("A tie: roll again until a First Player is determined (p.3).",))
    first = 0 if totals[0] > totals[1] else 1
    return Outcome(replace(g, first=first), f"{player_name(g, first)} is First Player ({totals[first]} against "
                   f"{totals[other(first)]})", ("The player with the highest total is the First Player (p.3).",))


def choose_faction(g: Game, content: Content, player: int, faction: str) -> Outcome:
    """Starting with the First Player, each picks a faction; never one twice (p.3, FAQ)."""
    _in_setup(g)
    if g.first is None:
        raise GameError("faction", "Roll for First Player first: factions are chosen starting with them (p.3).")
    if content.faction(faction) is None:
        raise GameError("faction", f"There is no faction {faction!r}.")
    if player != g.first and g.players[g.first].faction is None:
        raise GameError("faction", f"{player_name(g, g.first)} chooses first, as First Player (p.3).")
    if g.players[other(player)].faction == faction:
        raise GameError("faction", f"{faction} is taken: the same faction cannot play against itself (FAQ).")
    ps = list(g.players)
    ps[player] = replace(ps[player], faction=faction)
    g = replace(g, players=tuple(ps))
    return Outcome(with_side(g, player, deck=()), f"{player_name(g, player)} plays {faction}")


def check_deck(faction: Faction, cards: dict[str, int]) -> tuple[tuple[str, int], ...]:
    """9 different cards of one faction, both copies of each: 18 cards (p.4-5)."""
    chosen = {name: n for name, n in cards.items() if n}
    for name, n in chosen.items():
        if faction.card(name) is None:
            raise GameError("deck", f"{name} is not a {faction.name} card.")
        if n < 0:
            raise GameError("deck", f"{name}: a number of copies is never negative ({n}).")
        if n > DECK_COPIES:
            raise GameError("deck", f"At most {DECK_COPIES} copies of a card: {name} ×{n}. "
                                    f"Each faction has 2 copies of each card (p.5).")
    total = sum(chosen.values())
    if total != DECK_DIFFERENT * DECK_COPIES:
        raise GameError("deck", f"A deck is {DECK_DIFFERENT * DECK_COPIES} cards, {DECK_DIFFERENT} different cards with "
                                f"both copies of each (p.4); this one has {total}.")
    single = sorted(name for name, n in chosen.items() if n != DECK_COPIES)
    if single:
        raise GameError("deck", f"Take both copies of each card you select (p.4): {', '.join(single)} ×1.")
    return tuple((c.name, chosen[c.name]) for c in faction.cards if c.name in chosen)


def set_deck(g: Game, content: Content, player: int, cards: dict[str, int]) -> Outcome:
    _in_setup(g)
    faction = content.faction(g.players[player].faction or "")
    if faction is None:
        raise GameError("deck", f"{player_name(g, player)} chooses a faction before building a deck (p.3).")
    deck = check_deck(faction, cards)
    return Outcome(with_side(g, player, deck=deck), f"{player_name(g, player)} built an 18-card {faction.name} deck")


def starter_deck(faction: Faction) -> dict[str, int]:
    return {name: DECK_COPIES for name in faction.starter}


def begin(g: Game) -> Outcome:
    _in_setup(g)
    missing = [player_name(g, i) for i, s in enumerate(g.sides) if not s.deck]
    if g.first is None or missing:
        raise GameError("start", "Before round 1: a First Player, then a faction and an 18-card deck for "
                                 f"each player (p.3){'; still without a deck: ' + ', '.join(missing) if missing else ''}.")
    g = replace(g, stage="play", round=1, phase="order", turn=g.first, turn_no=1)
    return Outcome(g, "Round 1 begins with the Order Phase",
                   ("Both players draw 6 cards and may take one mulligan (p.3).",
                    "In round 1 each player has only 2 command and 1 supply (p.3)."))


def _in_setup(g: Game) -> None:
    if g.stage != "setup":
        raise GameError("stage", "The set-up is over: the game has begun.")
