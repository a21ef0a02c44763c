"""Set-up (A1-A9): the first player, the factions, the terrain draft of two players (B1-B4) or the
placement rounds of three and four (C1-C5), then the starting cards and Minerals."""
from __future__ import annotations

import random
from dataclasses import replace

from ...hexgrid import Hex
from ..frame import GameError, Outcome, Player, player_name, with_side
from .board import HQ_AT, open_spots, seat_order
from .state import (
    BASE_HP, DRAFT_SHOWN, HEADQUARTER, MAX_PLAYERS, MIN_PLAYERS, START, TILES_EACH, Content, Draft, Game, Side,
    Space, Terrain,
)


def new_game(players: tuple[Player, ...], rng=None) -> Game:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise GameError("players", f"Suriya 162 is a game for {MIN_PLAYERS} to {MAX_PLAYERS} players "
                                   f"(Game Setup, A9); {len(players)} given.")
    spaces = tuple(Space(f"s{i + 1}", f"{p.name}'s {HEADQUARTER}", HEADQUARTER, owner=i, base=BASE_HP,
                         headquarter=True, at=HQ_AT[len(players)][i]) for i, p in enumerate(players))
    return Game(players=tuple(players), sides=tuple(Side() for _ in players), spaces=spaces,
                next_id=len(players) + 1)


def _in_setup(g: Game) -> None:
    if g.stage != "setup":
        raise GameError("stage", "The set-up is over: the game has begun.")


def tied_for_first(g: Game) -> tuple[int, ...]:
    """Who rolls the Attacker Die now: everyone, then only those tied for the most Damage (A1)."""
    if not g.rolls:
        return tuple(range(len(g.players)))
    last = g.rolls[-1]
    best = max(v for v in last if v is not None)
    return tuple(i for i, v in enumerate(last) if v == best)


def roll_for_first(g: Game, damage: dict[int, int]) -> Outcome:
    """Each player rolls the Attacker Die; most Damage symbols is first player; ties re-roll among the tied (A1)."""
    _in_setup(g)
    if g.first is not None:
        raise GameError("roll", f"{player_name(g, g.first)} is already the first player.")
    rolling = tied_for_first(g)
    missing = [i for i in rolling if damage.get(i) is None]
    if missing:
        raise GameError(f"damage_{missing[0] + 1}", f"Enter the Damage symbols {player_name(g, missing[0])} rolled "
                                                    "on the Attacker Die (A1).")
    for i, v in damage.items():
        if v < 0:
            raise GameError(f"damage_{i + 1}", f"A die shows no negative number of Damage symbols: {v}.")
    row = tuple(damage.get(i) if i in rolling else None for i in range(len(g.players)))
    g = replace(g, rolls=g.rolls + (row,))
    tied = tied_for_first(g)
    if len(tied) > 1:
        return Outcome(g, f"Tied for first player: {', '.join(player_name(g, i) for i in tied)} roll again",
                       ("Tied players re-roll the Attacker Die (A1).",))
    return _set_first(g, tied[0], "rolled the most Damage symbols on the Attacker Die (A1)")


def choose_first(g: Game, player: int) -> Outcome:
    """Or choose the first player at random (A1): the app draws, or the table names who it drew."""
    _in_setup(g)
    if g.first is not None:
        raise GameError("roll", f"{player_name(g, g.first)} is already the first player.")
    if not 0 <= player < len(g.players):
        raise GameError("player", f"There is no seat {player + 1}.")
    return _set_first(g, player, "was chosen at random (A1)")


def _set_first(g: Game, i: int, why: str) -> Outcome:
    g = replace(g, first=i, turn=i)
    order = seat_order(g)
    return Outcome(g, f"{player_name(g, i)} is the first player", (
        f"{player_name(g, i)} {why}.",
        "Play continues clockwise: " + ", ".join(player_name(g, s) for s in order) + " (A1)."))


def choose_faction(g: Game, content: Content, player: int, faction: str) -> Outcome:
    """Starting with the first player, each player selects a Faction (A2); one tray per faction."""
    _in_setup(g)
    if g.first is None:
        raise GameError("faction", "Choose the first player first: factions are chosen starting with them (A2).")
    if faction not in content.factions:
        raise GameError("faction", f"There is no faction {faction!r}; choose one of {', '.join(content.factions)}.")
    waiting = next(i for i in seat_order(g) if g.players[i].faction is None or i == player)
    if waiting != player and g.players[player].faction is None:
        raise GameError("faction", f"{player_name(g, waiting)} chooses before {player_name(g, player)}: starting with the "
                                   "first player, then clockwise (A2).")
    if any(p.faction == faction for i, p in enumerate(g.players) if i != player):
        raise GameError("faction", f"{faction} is taken: each faction has one Player Tray (A2).")
    ps = list(g.players)
    ps[player] = replace(ps[player], faction=faction)
    return Outcome(replace(g, players=tuple(ps)), f"{player_name(g, player)} plays {faction}")


def faction_chooser(g: Game) -> int | None:
    """Who chooses a Faction next (A2): the first player, then clockwise; None once all have one."""
    if g.first is None:
        return None
    return next((i for i in seat_order(g) if g.players[i].faction is None), None)


def free_factions(g: Game, content: Content) -> tuple[str, ...]:
    """The Factions no player has taken: one Player Tray each (A2)."""
    taken = {p.faction for p in g.players}
    return tuple(f for f in content.factions if f not in taken)


def draft_order(g: Game) -> tuple[int, ...]:
    """Who places each tile this round. Two players: first 1, second 2, first 1 (B3), swapped in round 2 (B4).
    3-4 players: one tile each per round from the first player, 3 rounds (C2-C4), then 1 random tile for 3 (C5)."""
    order = seat_order(g)
    if len(g.players) == 2:
        a, b = order if g.draft.round == 1 else order[::-1]
        return (a, b, b, a)
    return order


def draft_rounds(g: Game) -> int:
    return 2 if len(g.players) == 2 else TILES_EACH + (1 if len(g.players) == 3 else 0)


def placer(g: Game) -> int | None:
    """Who places the next tile; None for the three-player game's last random tile (C5)."""
    if len(g.players) == 3 and g.draft.round > TILES_EACH:
        return None
    return draft_order(g)[g.draft.picks]


def tile_choices(g: Game, content: Content) -> tuple[str, ...]:
    """The terrains a tile may be placed as now (B3, C3-C5): one of the 5 shown (two players), one of the
    placer's tiles in hand (3-4), any tile of the mix for the three-player game's random last tile (C5)."""
    if g.stage != "setup" or g.first is None or g.draft.done or any(p.faction is None for p in g.players):
        return ()
    if len(g.players) == 2:
        return tuple(dict.fromkeys(g.draft.shown))
    who = placer(g)
    if who is None:
        return tuple(dict.fromkeys(content.tiles()))
    return tuple(dict.fromkeys(g.draft.hands[who])) if g.draft.hands else ()


def must_be_high(content: Content, terrain: str) -> bool:
    """B4: a Plateau tile always goes on top of the highest Terrain Tray."""
    t = content.terrain(terrain)
    return bool(t and t.highest_tray)


def show_tiles(g: Game, content: Content, tiles: tuple[str, ...] | None) -> Outcome:
    """B2: 5 Terrain Tiles face-up — the ones drawn at the table, or drawn by the app from the tile mix."""
    _in_setup(g)
    if len(g.players) != 2:
        raise GameError("tiles", "The 5-tile draft is the two-player set-up (B2); 3-4 players place drawn tiles (C2).")
    if g.draft.done or g.draft.shown:
        raise GameError("tiles", "The tiles of this draft round are already shown; place them (B3).")
    if tiles is None:
        mix = list(content.tiles())
        if len(mix) < DRAFT_SHOWN:
            raise GameError("tiles", "The terrain mix in data/suriya-162/terrain.json has fewer than 5 tiles.")
        tiles = tuple(random.SystemRandom().sample(mix, DRAFT_SHOWN))
    if len(tiles) != DRAFT_SHOWN:
        raise GameError("tiles", f"Draw {DRAFT_SHOWN} Terrain Tiles (B2); {len(tiles)} given.")
    for t in tiles:
        _drawable(content, t, "tiles")
    return Outcome(replace(g, draft=replace(g.draft, shown=tuple(tiles))),
                   f"Draft round {g.draft.round}: {', '.join(tiles)} shown", ("Draw 5 Terrain Tiles face-up (B2).",))


def draw_hands(g: Game, content: Content, hands: dict[int, tuple[str, ...]] | None) -> Outcome:
    """C2: each player randomly draws 3 Terrain Tiles — the ones drawn at the table, or drawn by the app."""
    _in_setup(g)
    if len(g.players) == 2:
        raise GameError("tiles", "Two players draft from 5 shown tiles (B2); the 3 tiles each are for 3-4 players (C2).")
    if g.first is None or any(p.faction is None for p in g.players):
        raise GameError("tiles", "Choose the first player and the factions before the terrain (A1-A2, then C).")
    if g.draft.hands or g.draft.done:
        raise GameError("tiles", "The tiles are already drawn; place them (C3).")
    mix = list(content.tiles())
    if hands is None:
        need = TILES_EACH * len(g.players)
        if len(mix) < need:
            raise GameError("tiles", f"The terrain mix in data/suriya-162/terrain.json has fewer than {need} tiles.")
        drawn = random.SystemRandom().sample(mix, need)
        hands = {i: tuple(drawn[i * TILES_EACH:(i + 1) * TILES_EACH]) for i in range(len(g.players))}
    for i in range(len(g.players)):
        hand = tuple(hands.get(i, ()))
        if len(hand) != TILES_EACH:
            raise GameError(f"hand_{i + 1}", f"{player_name(g, i)} draws {TILES_EACH} Terrain Tiles (C2); "
                                             f"{len(hand)} given.")
        for t in hand:
            _drawable(content, t, f"hand_{i + 1}")
    for name in {t for h in hands.values() for t in h}:
        have = sum(1 for t in mix if t == name)
        drawn = sum(1 for h in hands.values() for t in h if t == name)
        if drawn > have:
            raise GameError("tiles", f"{drawn} {name} tiles drawn; the terrain mix in data/suriya-162/terrain.json "
                                     f"has {have}.")
    g = replace(g, draft=replace(g.draft, hands=tuple(tuple(hands[i]) for i in range(len(g.players)))))
    return Outcome(g, "Each player drew 3 Terrain Tiles", tuple(
        f"{player_name(g, i)}: {', '.join(h)} (C2)." for i, h in enumerate(g.draft.hands)))


def _pass_left(g: Game, hands: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
    """C3: the remaining tiles go to the player on the left — the next player clockwise (A1)."""
    order = seat_order(g)
    out = list(hands)
    for k, i in enumerate(order):
        out[order[(k + 1) % len(order)]] = hands[i]
    return tuple(out)


def _drawable(content: Content, name: str, field: str) -> Terrain:
    t = content.terrain(name)
    if t is None or name == HEADQUARTER:
        raise GameError(field, f"{name!r} is not a Terrain Tile.")
    return t


def place_tile(g: Game, content: Content, terrain: str, high: bool, at: Hex | None = None) -> Outcome:
    """Place the next drafted tile as a new space of the map (B3, C3-C5), on an open hex next to the tiles
    down; a tile placed without a hex is off the drawn map and taken as adjacent to every Space."""
    _in_setup(g)
    if g.first is None or any(p.faction is None for p in g.players):
        raise GameError("terrain", "Choose the first player and the factions before the terrain (A1-A2, then B/C).")
    if g.draft.done:
        raise GameError("terrain", "The terrain is placed; begin the game.")
    _drawable(content, terrain, "terrain")
    two = len(g.players) == 2
    if two and not g.draft.shown:
        raise GameError("terrain", "Show the 5 drawn Terrain Tiles first (B2).")
    if two and terrain not in g.draft.shown:
        raise GameError("terrain", f"{terrain} is not among the tiles shown: {', '.join(g.draft.shown)} (B3).")
    if must_be_high(content, terrain) and not high:
        raise GameError("high", f"{terrain} tiles must always be placed on top of the highest Terrain Tray (B4).")
    who = placer(g)
    shown = list(g.draft.shown)
    if two:
        shown.remove(terrain)
    hands = g.draft.hands
    if not two and who is not None:
        if not hands:
            raise GameError("terrain", "Each player draws 3 Terrain Tiles first (C2).")
        if terrain not in hands[who]:
            raise GameError("terrain", f"{player_name(g, who)} holds {', '.join(hands[who]) or 'no tile'}: a tile is "
                                       f"placed from the tiles in hand (C3); {terrain} is not among them.")
        held = list(hands[who])
        held.remove(terrain)
        hands = tuple(tuple(held) if i == who else h for i, h in enumerate(hands))
    n = sum(1 for s in g.spaces if s.terrain == terrain) + 1
    spots = open_spots(g, who) if all(s.at is not None for s in g.spaces) else ()
    if at is not None and spots and tuple(at) not in spots:
        raise GameError("at", "Place the tile next to " + ("your Headquarter (C3)." if len(g.players) > 2 and
                                                            g.draft.round == 1 and who is not None else
                                                            "a tile already on the map (B3, C4)."))
    where = tuple(at) if at is not None and spots else None  # not chosen: off the drawn map, adjacent to all
    g = replace(g, spaces=g.spaces + (Space(f"s{g.next_id}", f"{terrain} {n}", terrain, high, at=where),),
                next_id=g.next_id + 1)
    by = player_name(g, who) if who is not None else "The last random tile"
    reasons = []
    picks = g.draft.picks + 1
    per_round = len(draft_order(g)) if who is not None else 1
    if picks >= per_round:
        if two:
            reasons.append(f"The remaining tile ({', '.join(shown)}) is returned to the box (B3).")
        last = g.draft.round >= draft_rounds(g)
        if last:
            reasons.append("The terrain is in place.")
        elif two:
            reasons.append("Repeat with the first player swapped (B4).")
        else:
            reasons.append("Pass the remaining tiles to the left and place again, also next to placed tiles (C3-C4).")
        passed = _pass_left(g, hands) if not two and who is not None else hands
        draft = Draft(g.draft.round + (0 if last else 1), (), 0, last, passed)
    else:
        draft = replace(g.draft, shown=tuple(shown), picks=picks, hands=hands)
    g = replace(g, draft=draft)
    tray = " on a higher Terrain Tray" if high else ""
    return Outcome(g, f"{by} placed {terrain}{tray}", tuple(reasons))


def begin(g: Game) -> Outcome:
    """Starting cards and minerals by turn order (A9), then the first player's first turn."""
    _in_setup(g)
    if g.first is None or any(p.faction is None for p in g.players) or not g.draft.done:
        raise GameError("start", "Before the first turn: the first player (A1), a faction for each player (A2) "
                                 "and the terrain (B or C).")
    reasons = []
    for seat, i in enumerate(seat_order(g)):
        cards, minerals = START[len(g.players)][seat]
        g = with_side(g, i, hand=cards, minerals=minerals)
        reasons.append(f"{player_name(g, i)} ({_ordinal(seat)} player) draws {cards} cards and gains {minerals} "
                       f"Mineral{'s' if minerals > 1 else ''} (A9).")
    g = replace(g, stage="play", turn=g.first, turn_no=1, phase="upkeep")
    return Outcome(g, f"The game begins: {player_name(g, g.first)}'s turn", tuple(reasons))


def _ordinal(n: int) -> str:
    return ("1st", "2nd", "3rd", "4th")[n]
