"""A Lost Empires game page: what its template needs, and its actions (form -> rules command)."""
from __future__ import annotations

from flask import request

from ...games import lost_empires as rules
from ...games.frame import DieResult, GameError, allowed
from . import forms

KEY = rules.KEY
TEMPLATE = "games/lost_empires/page.html"  # in this kit's templates/ folder
LABELS = {"die_1a": "Player 1, die 1", "die_1b": "Player 1, die 2", "die_2a": "Player 2, die 1",
          "die_2b": "Player 2, die 2", "roll": "First Player roll", "starter": "Starter deck", "card": "Card",
          "weight": "Light or Heavy", "token": "Activate with", "to": "Battlefield", "attack_die": "Attacker's die",
          "defense_die": "Defender's die", "ability": "Named ability", "by": "Dealt by", "elite_rule": "ELITE rule"}


def context(g: rules.Game, content: rules.Content) -> dict:
    seat_factions = [content.faction(p.faction) if p.faction else None for p in g.players]
    # The card being played: tapped in the card list, or sent back with the form after a refusal.
    chosen = request.args.get("play") or (request.form.get("card", "") if request.form.get("_form") == "play" else "")
    playing = seat_factions[g.turn].card(chosen) if g.stage == "play" and seat_factions[g.turn] else None
    if playing is not None:  # the stats the table typed last time fill the form
        playing = rules.library_card(g, playing.name) or playing
    return {
        "playing": playing, "ruthless": ruthless_targets(g),
        "le": rules, "content": content, "factions": seat_factions,
        "control": rules.control_report(g) if g.stage == "play" else (),
        "rows": [(rules.hive(1),), ("left", "center", "right"), (rules.hive(0),)],
        # the cards of the deck with a copy left to play: not all in play or in the discard pile (p.4)
        "deck_cards": [[c for c in f.cards if rules.copies_out(g, i, c.name) < dict(g.sides[i].deck).get(c.name, 0)]
                       if f else [] for i, f in enumerate(seat_factions)],
        "faces": content.die.buttons(),
        "library": {c.name: c for c in g.library},
        "activatable": rules.activatable(g),  # the units Activate is offered for (p.8, 14)
        # friendly units a card may grant an action to (p.10): not the active unit
        "grantable": [(u.id, u.card) for u in g.units if g.stage == "play" and u.owner == g.turn
                      and not (g.activation and g.activation.unit == u.id)],
        # Eye of Gliese (errata): its hive, or an objective where its player has a friendly unit
        "eye_places": [(rules.hive(g.turn), "Your hive")] + [
            (b, rules.battlefield_name(g, b).capitalize()) for b in rules.OBJECTIVES
            if g.stage == "play" and rules.units_at(g, b, g.turn)],
        **offered(g, content),
    }


def offered(g: rules.Game, content: rules.Content) -> dict:
    """What the rules accept now among the page's one-tap controls (issue 29: only legal actions are offered):
    each (True, "") or (False, the rule's refusal), so the page shows a control disabled with its reason."""
    playing = g.stage == "play"
    return {
        # pass is refused only when the player may issue no order at all (p.8, 10): the turn's panel closes
        "turn_open": allowed(rules.pass_turn, g) if playing else (False, ""),
        "may_end_turn": allowed(rules.end_turn, g) if playing else (False, ""),
        "again": {c.name: (allowed(rules.play_support, g, c.name, c.command or 0, c.supply or 0) if c.kind == "support"
                           else allowed(rules.play_unit, g, c.name, stats(c))) for c in g.library} if playing else {},
        "faction_ok": {(i, f.name): allowed(rules.choose_faction, g, content, i, f.name)
                       for i in range(len(g.players)) for f in content.factions} if g.stage == "setup" else {},
        "lower_damage": {u.id: allowed(rules.adjust_damage, g, u.id, -1, None) for u in g.units} if playing else {},
        "lower_artifacts": [allowed(rules.adjust_artifacts, g, i, -1) for i in range(len(g.sides))]
                           if playing else [],
        "raise_artifacts": [allowed(rules.adjust_artifacts, g, i, 1) for i in range(len(g.sides))]
                           if playing else [],
    }


def stats(c: rules.Card) -> rules.UnitStats:
    """A card of the game's library as the stats it is played with again."""
    return rules.UnitStats(c.control, c.offense, c.defense, c.command or 0, c.supply or 0, c.keywords, c.weight)


def ruthless_targets(g: rules.Game) -> list:
    """(objective, the RUTHLESS side, enemy units there) for the prompt after the Control Phase (p.15)."""
    out = []
    for b in g.ruthless:
        owners = [u.owner for u in rules.units_at(g, b) if u.has("RUTHLESS")]
        if owners:
            out.append((b, owners[0], [u for u in rules.units_at(g, b) if u.owner != owners[0]]))
    return out


def _die(value, content: rules.Content) -> DieResult:
    if value == "roll":
        face = content.die.roll()
        return DieResult(face.value, face.critical)
    return DieResult(*value)


def _roll(g, f, c):
    dice = [_die(getattr(f, n), c) for n in ("die_1a", "die_1b", "die_2a", "die_2b")]
    return rules.roll_for_first(g, (dice[0].value + dice[1].value, dice[2].value + dice[3].value))


def _deck(g, f, c):
    faction = c.faction(g.players[int(f.player)].faction or "")
    cards = rules.starter_deck(faction) if f.starter and faction else f.cards
    return rules.set_deck(g, c, int(f.player), cards)


def _dice(f, c) -> list:
    dice = []
    for name in ("attack_die", "defense_die"):
        value = "roll" if f.roll else getattr(f, name)
        if value is None:
            raise GameError(name, "Tap the face the die shows, or let the app roll both dice.")
        dice.append(_die(value, c))
    return dice


def _attack(g, f, c):
    return rules.attack(g, f.attacker, f.defender, *_dice(f, c))


def _granted_attack(g, f, c):
    return rules.granted_attack(g, f.attacker, f.defender, *_dice(f, c))


def _play_unit(g, f, c):
    stats = rules.UnitStats(f.control, f.offense, f.defense, f.command, f.supply, tuple(f.keywords), f.weight)
    return rules.play_unit(g, f.card, stats, f.drained, f.at or None)


ACTIONS = {
    "roll": (forms.RollForm, _roll),
    "faction": (forms.FactionForm, lambda g, f, c: rules.choose_faction(g, c, int(f.player), f.faction)),
    "deck": (forms.DeckForm, _deck),
    "play-unit": (forms.PlayUnitForm, _play_unit),
    "play-support": (forms.PlaySupportForm, lambda g, f, c: rules.play_support(g, f.card, f.command, f.supply)),
    "activate": (forms.ActivateForm, lambda g, f, c: rules.activate(g, f.unit, f.token)),
    "move": (forms.MoveForm, lambda g, f, c: rules.move(g, f.unit, f.to)),
    "attack": (forms.AttackForm, _attack),
    "ability": (forms.AbilityForm, lambda g, f, c: rules.use_ability(g, f.unit, f.draining, f.attack)),
    "end-activation": (forms.GameForm, lambda g, f, c: rules.end_activation(g)),
    "grant": (forms.GrantForm, lambda g, f, c: rules.grant_action(g, f.unit, f.action, f.source or "")),
    "granted-move": (forms.GrantedMoveForm, lambda g, f, c: rules.granted_move(g, f.unit, f.to)),
    "granted-attack": (forms.AttackForm, _granted_attack),
    "decline-grant": (forms.GameForm, lambda g, f, c: rules.decline_grant(g)),
    "end-turn": (forms.GameForm, lambda g, f, c: rules.end_turn(g)),
    "pass": (forms.GameForm, lambda g, f, c: rules.pass_turn(g)),
    "damage": (forms.DamageForm, lambda g, f, c: rules.adjust_damage(g, f.unit, f.delta,
                                                                    None if f.by is None else int(f.by))),
    "ruthless": (forms.RuthlessForm, lambda g, f, c: rules.ruthless_damage(g, f.battlefield, f.unit)),
    "artifacts": (forms.ArtifactForm, lambda g, f, c: rules.adjust_artifacts(g, int(f.player), f.delta)),
    "fall-back": (forms.FallBackForm, lambda g, f, c: rules.fall_back(g, int(f.player), f.to)),
}
