"""Set-up (Deck Construction, Bases, Sideboard, Turn Order): the players, each one's Base and deck, the
first hands."""
from __future__ import annotations

from dataclasses import replace

from ..frame import GameError, Outcome, Player, player_name, with_side
from .state import COPIES_MAX, DECK_MIN, HAND_MAX, MAX_PLAYERS, MIN_PLAYERS, Content, Game, Side, seat
from .turn import _enter


def new_game(players: tuple[Player, ...], rng=None) -> Game:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise GameError("players", f"Shattered Empires is played by {MIN_PLAYERS} or more players; this app seats "
                                   f"up to {MAX_PLAYERS} (Turn Order).")
    return Game(players=tuple(players), sides=tuple(Side() for _ in players))


def check_deck(content: Content, faction: str, cards: dict[str, int], sideboard: tuple[str, ...] = ()
               ) -> tuple[tuple[tuple[str, int], ...], tuple[str, ...]]:
    """Neutral and the faction's cards; at least 40; at most 4 copies unless Unlimited; sideboard cards
    apart and declared now."""
    chosen = {n: c for n, c in cards.items() if c}
    for name, n in chosen.items():
        card = content.card(name)
        if card is None:
            raise GameError("deck", f"There is no card {name!r} in the card list.")
        if n < 0:
            raise GameError("deck", f"{name}: a number of copies is never negative ({n}).")
        if card.faction not in (None, faction):
            raise GameError("deck", f"{name} is a {card.faction} card; a deck holds neutral cards and "
                                    f"{faction} cards (Bases).")
        if card.sideboard:
            raise GameError("deck", f"{name} is a sideboard card: it cannot be placed into a normal deck "
                                    "(Sideboard).")
        if n > COPIES_MAX and not card.unlimited:
            raise GameError("deck", f"No more than {COPIES_MAX} copies of a single card unless it is Unlimited: "
                                    f"{name} ×{n} (Deck Construction).")
    total = sum(chosen.values())
    if total < DECK_MIN:
        raise GameError("deck", f"Decks must be at least {DECK_MIN} cards (Deck Construction); this one has {total}.")
    for name in sideboard:
        card = content.card(name)
        if card is None or not card.sideboard:
            raise GameError("sideboard", f"{name!r} is not a sideboard card (Sideboard).")
    return tuple(sorted(chosen.items())), tuple(sideboard)


def _in_setup(g: Game) -> None:
    if g.stage != "setup":
        raise GameError("stage", "The set-up is over: sideboard cards are declared before the game starts "
                                 "(Sideboard).")


def choose_base(g: Game, content: Content, player: int, base: str) -> Outcome:
    _in_setup(g)
    seat(g, player)
    b = content.base(base)
    if b is None:
        raise GameError("base", f"There is no Base {base!r}.")
    g = with_side(g, player, base=b.name, faction=b.faction, base_hp=b.hp, base_queue=b.queue, base_yield=b.yields,
              base_command=b.command, ability=b.ability, deck=(), sideboard=())
    ps = list(g.players)
    ps[player] = replace(ps[player], faction=b.faction)
    return Outcome(replace(g, players=tuple(ps)), f"{player_name(g, player)} plays {b.name} ({b.faction})",
                   (f"{b.name}: {b.hp} HP, Queue {b.queue}, Yield +{b.yields}, Command Points +{b.command} (Bases).",))


def set_deck(g: Game, content: Content, player: int, cards: dict[str, int], sideboard: tuple[str, ...] = ()
             ) -> Outcome:
    _in_setup(g)
    side = g.sides[seat(g, player)]
    if side.faction is None:
        raise GameError("deck", f"{player_name(g, player)} chooses a Base before building a deck (Bases).")
    deck, board = check_deck(content, side.faction, cards, sideboard)
    size = sum(n for _, n in deck)
    note = f" and {len(board)} sideboard card{'s' if len(board) != 1 else ''}" if board else ""
    return Outcome(with_side(g, player, deck=deck, sideboard=board), f"{player_name(g, player)} built a {size}-card "
                   f"{side.faction} deck{note}")


def begin(g: Game) -> Outcome:
    _in_setup(g)
    missing = [player_name(g, i) for i, s in enumerate(g.sides) if not s.deck]
    if missing:
        raise GameError("start", "Before the first turn each player chooses a Base and a deck of at least 40 cards "
                                 f"(Deck Construction); still without a deck: {', '.join(missing)}.")
    sides = []
    for s in g.sides:
        size = sum(n for _, n in s.deck)
        hand = min(HAND_MAX, size)
        sides.append(replace(s, hand=hand, deck_left=size - hand))
    g = replace(g, sides=tuple(sides), stage="play", round=1, turn=0, step="begin", applied=())
    g, reasons = _enter(g, "begin")
    return Outcome(g, f"The game begins: {player_name(g, 0)}'s turn",
                   (f"Each player draws up to the maximum hand size, {HAND_MAX} cards (Turn Order).",) + reasons)
