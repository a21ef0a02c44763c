"""Two players' first Suriya 162 game, on a 1024x768 tablet: the issue's "Done when".

A new game from the home page, the first player by the Attacker Die, factions, the two-player terrain
draft; three turns each through the stepper with a combat from the Forest into the Lagoon (a terrain
modifier and a Tactic card), income counted from the Bases, then the opponent's Headquarter destroyed:
the victory is detected.
"""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .helpers import count_taps, face, labels_fit, settled, shoot, step_name, tap, tap_face



def next_step(page: Page, expected: str) -> None:
    """Next; at the end of an Income Phase the card of 3.2 gained instead (mandatory, docs/rules.md), which ends
    the turn by itself, and the next Upkeep with nothing to pay with it (issue 38)."""
    if page.locator("#gain-form").count():
        tap(page, "Gain the card")
    else:
        tap(page, "Next ›")
    expect(step_name(page)).to_contain_text(expected)


def score(page: Page, name: str, what: str):
    return page.locator("#score").get_by_label(f"{name} {what}", exact=True)


def choose(form, label: str, option: str) -> None:
    """A select's accessible name is its label and then the chosen option, so match the label's start."""
    form.get_by_label(re.compile(rf"^{re.escape(label)}\b")).select_option(label=option)


def summon(page: Page, where: str, kind: str, n: str) -> None:
    form = page.locator("#summon-form")
    choose(form, "Summon onto", where)
    choose(form, "Unit", kind)
    form.get_by_label("How many").fill(n)
    tap(page, "Summon")
    expect(page.locator("#lastlog")).to_contain_text(f"summoned {n} {kind} to {where}")


def space_of(page: Page, name: str) -> str:
    return page.locator(f"tr[data-name=\"{name}\"]").get_attribute("id").removeprefix("space-")


def attack(page: Page, target: str, damage: str):
    """Tyra's Squad in the Forest attacks: one tap on the target's Space on the map, the one Squad that may
    attack it (was: a tap on "Forest 1 → target" in a row of links); the attacker's Damage symbols one tap on
    their count (was: typed in a box behind "Type the symbols instead"; the story's totals are the rulebook's,
    not a face of the unverified dice)."""
    page.locator(f"svg.smap g.terr[data-tile='{space_of(page, target)}']").tap()
    form = page.locator("#attack-form")
    expect(form).to_be_visible()
    expect(page.locator("#fight")).to_have_text(f"Forest 1 attacks {target}")
    tap_face(form.locator("#attacker-dice"), f"Attacker's Damage: {damage}")
    return form


def two_players(page: Page, game: str, first: str, second: str) -> None:
    """A new two-player game from the home page, the first player by the Attacker Die's faces tapped (A1), the
    factions chosen (A2)."""
    page.goto("/")
    new = page.locator("#new-game")
    new.get_by_label(re.compile(r"^Game\b(?! name)")).select_option(label="Suriya 162")
    new.get_by_label("Game name").fill(game)
    new.get_by_label("Player 1", exact=True).fill(first)
    new.get_by_label("Player 2", exact=True).fill(second)
    new.get_by_role("button", name="New game").tap()
    expect(page).to_have_url(re.compile(r"/games/\d+$"))
    roll = page.locator("#roll-form")
    tap_face(roll, f"{first}: 2 Dmg")
    tap_face(roll, f"{second}: 1 Dmg")
    tap(page, "Record the roll")
    choose(page.locator("#faction-0"), f"{first}'s faction", "Noah's Ark")
    tap(page, f"Choose for {first}")
    choose(page.locator("#faction-1"), f"{second}'s faction", "Scarab")
    tap(page, f"Choose for {second}")


def draft_round(page: Page, shown: tuple[str, ...], picks: tuple[tuple[str, bool], ...]) -> int:
    """B2-B3 by taps: each shown tile one tap on its terrain (was a dropdown each), then each pick a tap on its
    terrain and one on the open hex the form offers first (was a dropdown and the Place button); the taps."""
    taps = 0
    for i, t in enumerate(shown, 1):
        face(page, f"Tile {i}", t)
        taps += 1
    tap(page, "Show these tiles")
    taps += 1
    for terrain, high in picks:
        face(page, "Terrain", terrain)
        taps += 1
        if high and terrain != "Plateau":  # a Plateau goes high by itself (B4)
            page.locator("#place-form").get_by_label("On a higher Terrain Tray").check()
            taps += 1
        at = page.locator("#place-form select[name=at]").input_value()
        page.locator(f"svg.smap g.terr.open[data-tile='{at}']").tap()
        taps += 1
        settled(page)
        expect(page.locator("#lastlog")).to_contain_text(f"placed {terrain}" + (" on a higher" if high else ""))
    return taps


def drafted(page: Page, game: str, first: str, second: str, rounds) -> None:
    """A new two-player game, the two draft rounds (shown tiles, picks), and the first player's Action Phase."""
    two_players(page, game, first, second)
    for shown, picks in rounds:
        draft_round(page, shown, picks)
    tap(page, "Begin round 1")
    expect(step_name(page)).to_have_text(f"Action — {first}'s turn")  # the Upkeep, nothing to pay, passed by itself


def test_a_two_player_game_of_suriya_162(tablet: Page, live_server):
    page = tablet
    page.goto("/")
    new = page.locator("#new-game")
    new.get_by_label(re.compile(r"^Game\b(?! name)")).select_option(label="Suriya 162")
    new.get_by_label("Game name").fill("Landing day")
    new.get_by_label("Player 1", exact=True).fill("Tyra")
    new.get_by_label("Player 2", exact=True).fill("David")
    new.get_by_role("button", name="New game").tap()
    expect(page).to_have_url(re.compile(r"/games/\d+$"))
    expect(step_name(page)).to_have_text("Set-up — First player")

    # A1: the Attacker Die; A2: factions from the first player.
    roll = page.locator("#roll-form")
    tap_face(roll, "Tyra: 2 Dmg")  # the Attacker Die's faces (A1), tapped
    tap_face(roll, "David: 1 Dmg")
    tap(page, "Record the roll")
    expect(page.locator("#first-player")).to_contain_text("Tyra is the first player")
    choose(page.locator("#faction-0"), "Tyra's faction", "Noah's Ark")
    tap(page, "Choose for Tyra")
    choose(page.locator("#faction-1"), "David's faction", "Scarab")
    tap(page, "Choose for David")

    # B2-B4: 5 tiles shown, picks 1-2-1, the fifth returned; again with the first player swapped.
    taps = draft_round(page, ("Forest", "Lagoon", "Desert", "Plateau", "Mine"),
                       (("Forest", False), ("Lagoon", True), ("Desert", False), ("Plateau", True)))
    expect(page.locator("#result")).to_contain_text("returned to the box")
    # was 5 dropdowns and Show, then per tile a dropdown, the higher-tray box for Lagoon and Plateau, and Place:
    # 6 + 4 × 2 + 2 = 16 (each dropdown itself two taps on a tablet)
    assert taps == 15  # was 16
    taps = draft_round(page, ("Mine", "Mine", "Forest", "Desert", "Plateau"),
                       (("Mine", False), ("Mine", False), ("Forest", False), ("Desert", False)))
    assert taps == 14  # was 14: 5 dropdowns, Show, and a dropdown and Place per tile
    expect(page.locator("#terrain")).to_contain_text("The map is ready: 10 spaces")
    tap(page, "Begin round 1")
    expect(step_name(page)).to_have_text("Action — Tyra's turn")  # her Upkeep, nothing to pay, passed by itself
    expect(score(page, "Tyra", "minerals")).to_have_text("2")  # A9: 3 cards, 2 Minerals
    expect(score(page, "David", "hand")).to_have_text("5")  # 5 cards, 4 Minerals

    # Turn 1 each: squads summoned; income from 1 Base (the Headquarter): 2 Minerals, 3 cards.
    summon(page, "Forest 1", "BU", "3")
    next_step(page, "Income — Tyra's turn")
    expect(page.locator("#result")).to_contain_text("1 Base: +2 Minerals, draws 3 cards (3.3)")
    expect(score(page, "Tyra", "minerals")).to_have_text("4")
    next_step(page, "Action — David's turn")  # the Upkeep, nothing to pay, passes by itself
    summon(page, "Lagoon 1", "BU", "1")
    summon(page, "Lagoon 1", "EU", "1")
    next_step(page, "Income — David's turn")
    next_step(page, "Action — Tyra's turn")  # the Upkeep, nothing to pay, passes by itself

    # Turn 2: Tyra attacks from the Forest into the Lagoon; David's Tactic card: V+3, the Lagoon ignored.
    defender = attack(page, "Lagoon 1", "6").locator("#defender-dice")
    tap_face(defender, "Defender's V: 2")
    tap_face(defender, "Defender's T: 1")
    defender.locator("summary").filter(has_text="Tactic cards").tap()
    defender.get_by_label("Card 1", exact=True).fill("V+3")
    tap_face(defender, "Card 1: +V: 3")  # a tap on its bonus (was a number typed)
    defender.get_by_label("Card 1 ignores own terrain").check()
    tap(page, "Resolve the combat")
    combat = page.locator("#last-combat")
    expect(combat).to_contain_text("The attacker is in the Forest: +1 Attack, +1 Defend (Locations: Forest)")
    expect(combat).to_contain_text("The defender's Tactic card 1 of 1, V+3: +0 Damage, +3 V, its Lagoon effect ignored")
    expect(combat).to_contain_text("The defender takes 7 Damage − 5 V = 2 (Combat 5)")
    expect(page.locator("tr[data-name='Lagoon 1'] .squad")).to_have_text("1 EU")  # the BU destroyed first (6.1)
    next_step(page, "Income — Tyra's turn")
    next_step(page, "Action — David's turn")  # the Upkeep, nothing to pay, passes by itself
    next_step(page, "Income — David's turn")
    next_step(page, "Action — Tyra's turn")  # the Upkeep, nothing to pay, passes by itself

    # Turn 3: a Base built in the Forest; income from 2 Bases is 3 Minerals.
    form = page.locator("#play-form")
    form.get_by_label("Card played").fill("First Base")
    form.get_by_label("Mineral cost").fill("4")
    tap(page, "Play the card")
    choose(page.locator("#base-form"), "Build a Base in", "Forest 1")
    tap(page, "Build a Base")
    expect(score(page, "Tyra", "bases")).to_have_text("2")
    expect(score(page, "Tyra", "minerals")).to_have_text("2")
    next_step(page, "Income — Tyra's turn")
    expect(page.locator("#result")).to_contain_text("2 Bases: +3 Minerals")
    expect(score(page, "Tyra", "minerals")).to_have_text("5")
    next_step(page, "Action — David's turn")  # the Upkeep, nothing to pay, passes by itself
    next_step(page, "Income — David's turn")
    next_step(page, "Action — Tyra's turn")  # the Upkeep, nothing to pay, passes by itself

    # Turn 4: the Headquarter (3 HP, +1/+1) falls: destroying the main Base wins a two-player game.
    attack(page, "David's Headquarter", "4")
    tap(page, "Resolve the combat")
    expect(step_name(page)).to_have_text("Game over — Results")
    expect(page.locator("#instruction")).to_contain_text("Tyra destroyed David's main Base")
    page.get_by_role("link", name="Final results ›").tap()
    expect(page.locator("#verdict")).to_contain_text("Tyra wins")
    settled(page)


def test_the_map_is_drawn_and_a_true_damage_card_removes_units(tablet: Page, live_server):
    """Issue 20: the terrain laid on a drawn map by tapping open hexes, adjacency drawn; a Plasma Shower's
    True Damage (unblockable) removes a Squad's units."""
    page = tablet
    two_players(page, "Plasma", "Lucy", "David")
    for i, t in enumerate(("Forest", "Lagoon", "Desert", "Mine", "Mine"), 1):
        face(page, f"Tile {i}", t)
    tap(page, "Show these tiles")
    smap = page.locator("svg.smap")
    expect(smap).to_be_visible()
    expect(smap.locator("g.terr.open").first).to_be_visible()
    # The first tile goes on the open hex between the two Headquarters, chosen by a tap.
    smap.locator("g.terr.open[data-tile='0,0']").tap()
    expect(page.locator("#place-form select[name=at]")).to_have_value("0,0")
    face(page, "Terrain", "Mine")  # the hex tapped first, its terrain then: the Place button sends both
    tap(page, "Place the tile")
    expect(page.locator("#lastlog")).to_contain_text("placed Mine")
    expect(smap.locator("g.terr[data-tile]:not(.open)")).to_have_count(3)
    expect(smap.locator(".links line")).to_have_count(2)  # the Mine touches both Headquarters

    # The rest of the draft on the hexes the form offers, then Lucy's Squad and David's Plasma Shower.
    for t in ("Forest", "Lagoon", "Desert"):
        face(page, "Terrain", t)
        tap(page, "Place the tile")
    for i, t in enumerate(("Mine", "Desert", "Forest", "Lagoon", "Desert"), 1):
        face(page, f"Tile {i}", t)
    tap(page, "Show these tiles")
    for t in ("Mine", "Desert", "Forest", "Lagoon"):
        face(page, "Terrain", t)
        tap(page, "Place the tile")
    tap(page, "Begin round 1")
    expect(step_name(page)).to_have_text("Action — Lucy's turn")  # the Upkeep, nothing to pay, passed by itself
    summon(page, "Mine 1", "BU", "2")
    summon(page, "Mine 1", "EU", "1")
    dmg = page.locator("#true-damage-form")
    choose(dmg, "Squad hit", "Mine 1")
    dmg.get_by_label("True Damage", exact=True).fill("3")
    dmg.get_by_label("Card or ability").fill("Plasma Shower")
    tap(page, "Deal True Damage")
    expect(page.locator("#lastlog")).to_contain_text("Plasma Shower: 3 True Damage")
    expect(page.locator("#space-s3 .squad")).to_contain_text("1 EU")
    expect(page.locator("#space-s3 .squad")).not_to_contain_text("BU")
    expect(page.locator("#result")).to_contain_text("unblockable")


def test_a_move_and_a_combat_by_taps_on_the_map_and_the_dice(tablet: Page, live_server):
    """Issue 29: a Squad moves with two taps on the map (its Space, then the lit adjacent Space), where the move
    form was two dropdowns and a button; an attack is one tap and its roll a tap per symbol's count (issue 38;
    was a tap per die, and before that two dropdowns and six typed numbers); the labels stay inside their hexes."""
    page = tablet
    drafted(page, "Taps", "Alexandra", "Maximilian",
            ((("Mine", "Desert", "Forest", "Desert", "Mine"),
              (("Mine", False), ("Desert", False), ("Desert", False), ("Mine", False))),
             (("Mine", "Desert", "Lagoon", "Plateau", "Desert"),
              (("Mine", False), ("Desert", False), ("Desert", False), ("Lagoon", False)))))
    summon(page, "Alexandra's Headquarter", "BU", "2")
    smap = page.locator("svg.smap")
    labels_fit(page, "svg.smap")  # "Alexandra's Headquarter" is drawn as its holder's name, inside its hex

    # The move: tap the Squad's Space, then one of the Spaces the engine lights (no card to discard there).
    form = page.locator("#move-form")
    moves = form.evaluate("f => JSON.parse(f.dataset.moves)")
    hq = next(iter(moves))
    # a Space needing no discard, next to Maximilian's Headquarter, so the moved Squad can attack from it
    to = next(t for t, v in moves[hq].items() if not v
              and "Maximilian's Headquarter" in page.locator(f"#space-{t} .next-to").inner_text())
    taps = 0
    smap.locator(f"g.terr[data-tile='{hq}']").tap()
    taps += 1
    expect(smap.locator("g.terr.reach")).to_have_count(len(moves[hq]))
    smap.locator(f"g.terr[data-tile='{to}']").tap()
    taps += 1
    settled(page)
    expect(page.locator("#lastlog")).to_contain_text("moved 2 BU from Alexandra's Headquarter")
    assert taps == 2  # was: 2 dropdowns and the Move button

    # The attack: one tap on it, then each die's face: 2 Basic Dice and the Attack Die (Combat 1).
    name = page.locator(f"#space-{to}").get_attribute("data-name")
    summon(page, name, "EU", "1")  # a second Squad's worth of dice on the moved Squad: 2 BU and 1 EU
    next_step(page, "Income — Alexandra's turn")
    next_step(page, "Action — Maximilian's turn")  # the Upkeep, nothing to pay, passes by itself
    next_step(page, "Income — Maximilian's turn")
    next_step(page, "Action — Alexandra's turn")  # the Upkeep, nothing to pay, passes by itself
    smap.locator(f"g.terr[data-tile='{to}']").tap()  # the attacking Squad's Space, then the target's, lit red
    expect(smap.locator("g.terr.aim")).to_have_count(1)
    hq = space_of(page, "Maximilian's Headquarter")
    expect(smap.locator(f"g.terr.aim[data-tile='{hq}']")).to_have_count(1)
    smap.locator(f"g.terr[data-tile='{hq}']").tap()
    expect(page.locator("#fight")).to_have_text(f"{name} attacks Maximilian's Headquarter")
    taps = 2
    form = page.locator("#attack-form")
    dice = form.locator("#attacker-dice")
    for label in ("Attacker's Damage: 5", "Attacker's V: 1"):  # 1 + 2 + 2 Damage and 1 V on its 4 dice
        tap_face(dice, label)
        taps += 1
    order = dice.locator("details.order")  # one line until opened, the usual order said; not one of the counted taps
    expect(order.locator("summary")).to_have_text("Damage order: BU, EU, GU")
    order.locator("summary").tap()
    expect(order.get_by_label("Damage order (6.5)")).to_be_visible()
    shoot(page, "suriya-162-1024x768.png", "map")
    tap(page, "Resolve the combat")
    taps += 1
    expect(page.locator("#last-combat")).to_contain_text("The attacker rolled 5 Damage, 1 V, 0 T")
    # two taps on the map, the roll's counts (issue 38; was one tap per die: 7) and Resolve
    assert taps == 5
    labels_fit(page, "svg.smap")


def test_a_suriya_attack_in_6_taps(tablet: Page, live_server):
    """Issue 38: a Suriya attack of 4 dice against 3 with one re-roll took 12 taps (a tap on the map, a face per
    die, two for the re-roll, Resolve). Counted from the moment Tyra decides to attack: a tap on the enemy Space
    on the map, the roll of each side as one row of counts, the defender's re-roll (a Higher Terrain Tray, Combat
    1) one tap, and Resolve: at most 6."""
    page = tablet
    drafted(page, "Six taps", "Tyra", "David",
            ((("Forest", "Lagoon", "Desert", "Plateau", "Mine"),
              (("Forest", False), ("Lagoon", True), ("Desert", False), ("Plateau", True))),
             (("Mine", "Mine", "Forest", "Desert", "Plateau"),
              (("Mine", False), ("Mine", False), ("Forest", False), ("Desert", False)))))
    lagoon = space_of(page, "Lagoon 1")
    # Tyra's 3 BU on a Space next to the Lagoon, which is on a Higher Terrain Tray; David's 3 BU in the Lagoon
    beside = next(n for n in (page.locator("tr[data-name]").evaluate_all("rows => rows.map(r => r.dataset.name)"))
                  if n != "Lagoon 1" and "Lagoon 1" in page.locator(f"tr[data-name=\"{n}\"] .next-to").inner_text()
                  and "Headquarter" not in n)
    summon(page, beside, "BU", "3")
    next_step(page, "Income — Tyra's turn")
    next_step(page, "Action — David's turn")  # the Upkeep, nothing to pay, passes by itself
    summon(page, "Lagoon 1", "BU", "3")
    next_step(page, "Income — David's turn")
    next_step(page, "Action — Tyra's turn")  # the Upkeep, nothing to pay, passes by itself

    page.locator(f"svg.smap g.terr[data-tile='{lagoon}']").tap()  # tap 1: the enemy Space, one Squad may attack it
    expect(page.locator("#fight")).to_have_text(f"{beside} attacks Lagoon 1")
    taps = count_taps(page)  # the page the tap opened: its own taps from here
    form = page.locator("#attack-form")
    expect(form.locator("#attacker-dice legend").first).to_contain_text("3 Basic Dice and the Attack Die")
    expect(form.locator("#defender-dice legend").first).to_contain_text("3 Basic Dice")
    tap_face(form.locator("#attacker-dice"), "Attacker's Damage: 4")
    tap_face(form.locator("#attacker-dice"), "Attacker's V: 1")
    tap_face(form.locator("#defender-dice"), "Defender's V: 2")
    form.locator("#defender-dice label.face", has_text="One die re-rolled").tap()
    expect(form.get_by_label("Defender re-rolled one die")).to_be_checked()
    shoot(page, "suriya-162-attack-1024x768.png", "combat")
    tap(page, "Resolve the combat")
    assert 1 + taps() == 6  # the map, the attacker's Damage and V, the defender's V, its re-roll, and Resolve
    combat = page.locator("#last-combat")
    expect(combat).to_contain_text("re-rolled one die: the roll entered is the one after it (Combat 1)")
    expect(page.locator("#lastlog")).to_contain_text(
        "the defender (David, Lagoon 1) rolled 3 Basic Dice: 0 Damage, 2 V, 0 T, one die re-rolled")
    # the Lagoon sets David's V to 0 (Locations: Lagoon): 4 Damage, and any bonus of Tyra's terrain, destroy 3 BU
    expect(page.locator("#lastlog")).to_contain_text(re.compile(r"the defender takes [45] Damage − 0 V = [45]: 3 BU destroyed"))
