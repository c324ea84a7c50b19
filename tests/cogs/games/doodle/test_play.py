"""Doodle Dice played through Discord as players would: buttons, the dice menu, Block, slash commands."""

from __future__ import annotations

import discord

from bot.games.doodle.cards import CARDS, FIGURES, serving
from bot.games.doodle.chance import card_chance
from tests.cogs.helpers import (
    add_computer,
    all_news,
    choices,
    choose,
    components,
    labels,
    last_table_message,
    message_by_id,
    options,
    read,
    table_of,
    tables,
    text_of,
    walk,
)

# Die faces as `randint(1, 6)` gives them (FIGURES order).
ARCH, DASH, DOT, FACE, SLANT, SQUIGGLE = range(1, 7)
assert FIGURES[FACE - 1] == "face"


async def open_table(env, channel, alice, bob, dice, *, ordered=False, top=(), computer=True):
    """alice hosts, bob joins (and a computer); `ordered`: the Gallery is O01 R01 Y01 G01 B01 P01 and the
    deck starts with `top`, then O02, O03… in deck order."""
    lobby = (await alice.slash(channel, "doodle new", pace="live")).response.message
    await bob.click(lobby, label="Join")
    if computer:
        await add_computer(alice, lobby)
    if ordered:
        dice.decks.extend([[], list(top)])
    await alice.click(lobby, label="Start")
    table = table_of(env, channel)
    assert table.status == "active" and table.to_act == {0}
    return table


def table_message(env, channel):
    return message_by_id(channel, table_of(env, channel).message_id)


def custom_id(message, prefix: str) -> str:
    return next(c.custom_id for c in components(message) if (c.custom_id or "").startswith(prefix))


def button(message, label_start: str):
    return next(c for c in components(message) if (getattr(c, "label", None) or "").startswith(label_start))


def member_of(table, members, seat):
    return next(m for m in members if m.id == table.seats[seat].user_id)


async def press(member, message, label_start: str):
    result = await member.click(message, custom_id=button(message, label_start).custom_id)
    assert not result.ephemeral, result.response.content
    return result


async def take_turn_step(env, channel, members, used: list[str]) -> None:
    """One click or menu choice by whoever must act, as a sensible player would (`used` notes the moves)."""
    table = table_of(env, channel)
    (seat,) = table.to_act
    member = member_of(table, members, seat)
    message = message_by_id(channel, table.message_id)
    view = table.view(None)
    names = labels(message)
    if not view["rolled"]:
        steal = [c for c in components(message) if (c.custom_id or "").endswith(":act")]
        if steal and "steal" not in used:  # declare one steal in the game, from the menu
            result = await member.select(message, [steal[0].options[0].value], custom_id=steal[0].custom_id)
            assert not result.ephemeral, result.response.content
            used.append("steal")
            return
        await press(member, message, "Draw & roll")
        return
    claims = [n for n in choices(message) if n.startswith("Claim")]
    if claims:  # the hardest matching card comes first (one card: a button; more: the claim menu)
        result = await choose(member, message, claims[0])
        assert not result.ephemeral, result.response.content
        return
    targets = view["claimable"]
    if targets and view["rolls_left"]:
        dice = tuple(view["dice"])
        rolls = view["rolls_left"] + view["free_rolls"]
        target = max(targets, key=lambda c: card_chance(CARDS[c].figures, dice, rolls))
        keep = set(serving(CARDS[target].figures, dice))
        values = [str(i) for i in range(6) if i not in keep]
        result = await member.select(message, values, custom_id=custom_id(message, "s:"))  # the re-roll menu
        assert not result.ephemeral, result.response.content
        used.append("reroll")
        return
    if targets and "Free Roll" in names:
        await press(member, message, "Free Roll")
        used.append("free")
        return
    await press(member, message, "Stop")


async def test_two_members_and_a_computer_play_a_whole_game(world, dice):
    env, channel, alice, bob = world
    # alice's first draw brings a Free Roll and a Block A Turn; the rest of the deck is in list order.
    await open_table(env, channel, alice, bob, dice, ordered=True, top=("FR1", "BT1"))
    members = [alice, bob]
    used: list[str] = []
    for _ in range(600):
        table = table_of(env, channel)
        if table is None:
            break
        humans = [s for s in table.view(None)["blockers"] if table.seats[s].human]
        if humans and "block" not in used:  # a holder blocks once, from the table message, though not on turn
            message = message_by_id(channel, table.message_id)
            block = next(n for n in choices(message) if n.startswith("Block"))  # a button, or the block menu
            result = await choose(member_of(table, members, humans[0]), message, block)
            assert not result.ephemeral, result.response.content
            used.append("block")
            continue
        await take_turn_step(env, channel, members, used)
    else:
        raise AssertionError("the game did not end")
    assert {"block", "steal", "reroll", "free"} <= set(used)
    final = last_table_message(channel)
    text = text_of(final)
    assert "win!" in text or "wins!" in text
    assert not [c for c in components(final) if (c.custom_id or "").startswith(("a:", "s:", "db:"))]
    assert "win" in channel.last_message.content


async def test_several_matching_cards_are_claimed_from_one_menu(world, dice):
    env, channel, alice, bob = world
    await open_table(env, channel, alice, bob, dice, ordered=True, computer=False)
    first = table_message(env, channel)
    assert "🟦 Cowboy\u00a0🌈📏🙂↗️🪱" in text_of(first), "the Gallery by colour, each card with its figures"
    rows = [line.split(" ", 1)[1] for line in text_of(first).split("\n") if line and line[0] in "🟧🟥🟨🟩🟦🟪"]
    assert len(rows) == 6 and all(" " not in card for row in rows for card in row.split(" · ")), \
        "no-break spaces: a phone wraps between cards, not inside one"
    dice.script(SLANT, ARCH, DASH, FACE, SQUIGGLE, DOT)  # Cowboy (blue): slant arch dash face squiggle
    await press(alice, first, "Draw & roll")
    message = table_message(env, channel)
    text = text_of(message)
    assert "↗️ 🌈 📏 🙂 🪱 ⚫" in text and "2 re-rolls left" in text
    assert not [n for n in labels(message) if n.startswith("Claim")], "several matches: one menu, one row"
    claims = [n for n in options(message) if n.startswith("Claim")]
    assert claims[:2] == ["Claim Self-Portrait", "Claim Cowboy"], "the hardest matching cards come first"
    assert {"Claim Smiley", "Claim Moon Face", "Claim Tadpole", "Claim Slide"} <= set(claims)
    assert "✅\u00a0Cowboy\u00a0↗️🌈📏🙂🪱" in text or "✅\u00a0Cowboy" in text
    result = await choose(alice, message, "Claim Cowboy")
    assert not result.ephemeral
    table = table_of(env, channel)
    assert [c["id"] for c in table.view(None)["sets"][0]] == ["B01"] and table.to_act == {1}
    text = text_of(table_message(env, channel))
    assert "alice** claims 🟦 Cowboy." in text and "bob" in text
    assert not [m for m in channel.history() if f"<@{bob.id}>" in m.content], \
        "bob took his seat a moment ago: he is watching the table, so his turn begins without a ping"


async def test_re_rolls_with_the_menu_and_roll_commands(world, dice):
    env, channel, alice, bob = world
    await open_table(env, channel, alice, bob, dice, ordered=True, computer=False)
    dice.script(*[DASH] * 6)  # six dashes: nothing in the Gallery matches
    result = await alice.slash(channel, "doodle roll")  # before the draw: draw and roll
    assert result.ephemeral and result.response.content.startswith("✅ ")
    assert "**alice** rolled 📏 📏 📏 📏 📏 📏." in result.response.content, "the answer says what happened"
    message = table_message(env, channel)
    menu = next(c for c in components(message) if (c.custom_id or "").endswith(":reroll"))
    assert [o.label for o in menu.options] == [f"Die {i}: 📏 dash" for i in range(1, 7)] + ["All six dice"]
    assert menu.placeholder == "🎲 Re-roll which dice?", "fits a phone (the picture says how many re-rolls are left)"
    assert menu.max_values == 7 and not [n for n in choices(message) if n.startswith("Claim")]
    dice.script(FACE, DOT)
    result = await alice.select(message, ["0", "2"], custom_id=menu.custom_id)
    assert not result.ephemeral
    view = table_of(env, channel).view(None)
    assert view["dice"] == ["face", "dash", "dot", "dash", "dash", "dash"] and view["rolls_left"] == 1
    message = table_message(env, channel)
    again = next(c for c in components(message) if (c.custom_id or "").endswith(":reroll"))
    assert again.id != menu.id, "the next re-roll's menu is a new component: a client keeps no picks of the last"
    assert "Claim Smiley" in choices(message), "a face now matches Smiley (orange)"
    assert "re-rolled 2 dice, now 🙂 📏 ⚫ 📏 📏 📏" in all_news(env, channel)  # the picture shows the dice
    dice.script(*[SQUIGGLE] * 6)
    result = await alice.slash(channel, "doodle roll")  # after the draw: re-roll all six
    assert result.ephemeral
    table = table_of(env, channel)
    assert table.to_act == {1}, "the last roll matched nothing and no Free Roll is held: the turn ended"
    assert "out of rolls" in text_of(table_message(env, channel))


async def test_a_block_before_the_draw_and_a_refused_block_after(world, dice):
    env, channel, alice, bob = world
    carol = env.guild.add_member(env.create_user("carol"))
    await open_table(env, channel, alice, bob, dice, ordered=True, top=("BT1", "BT2"))
    dice.script(*[DASH] * 6)
    await press(alice, table_message(env, channel), "Draw & roll")  # alice keeps both Block A Turn cards
    await press(alice, table_message(env, channel), "Stop")
    table = table_of(env, channel)
    assert table.to_act == {1} and table.view(None)["blockers"] == [0]
    message = table_message(env, channel)
    assert "Block bob" in options(message) and "may block" in read(message), "bob's turn and the computer's: a menu"
    for member, expected in ((bob, "cannot block your own turn"), (carol, "not seated")):
        result = await choose(member, message, "Block bob")
        assert result.ephemeral and expected in result.response.content
        assert table_of(env, channel).seq == table.seq
    result = await choose(alice, message, "Block bob")  # not alice's turn: she interjects
    assert not result.ephemeral
    after = table_of(env, channel)
    assert after.to_act == {0}, "bob lost his turn; the computer played its own; alice is next"
    # Under the picture only the latest of what happened (the computer's turn); My hand tells it all.
    hand = await alice.click(table_message(env, channel), label="My hand")
    assert "alice** plays Block A Turn: **bob** loses this turn." in text_of(hand.response.message)
    assert [c["used"] for c in after.view(None)["action_cards"][0]] == [True, False]
    assert "Block A Turn (crossed out)" in read(table_message(env, channel)), "a used card, in words"

    dice.script(*[DASH] * 6)
    await press(alice, table_message(env, channel), "Draw & roll")
    await press(alice, table_message(env, channel), "Stop")
    dice.script(*[DASH] * 6)
    await press(bob, table_message(env, channel), "Draw & roll")  # bob's turn has begun
    message = table_message(env, channel)
    assert "Block bob" not in choices(message)
    seq = table_of(env, channel).seq
    result = await alice.slash(channel, "doodle block", member=bob)
    assert result.ephemeral and "Too late" in result.response.content
    assert table_of(env, channel).seq == seq

    # DD-R7: during bob's turn, alice blocks the computer's coming turn from My hand (mid-turn the table holds the
    # turn's own controls; before a turn begins, its blocks).
    assert not [n for n in choices(message) if n.startswith("Block")]
    hand = (await alice.click(message, label="My hand")).response.message
    assert [n for n in choices(hand) if n.startswith("Block")] == ["Block 🤖 Computer 1"]
    result = await alice.click(hand, label="Block 🤖 Computer 1")
    assert result.response.ephemeral, "My hand is edited; the table too"
    assert "their coming turn is lost" in text_of(table_message(env, channel))
    assert "Blocked: 🤖 Computer 1 will lose their coming turn" in read(table_message(env, channel))
    assert table_of(env, channel).to_act == {1}, "bob plays on"
    before = table_of(env, channel).seq
    await press(bob, table_message(env, channel), "Stop")
    after = table_of(env, channel)
    assert after.to_act == {0} and after.seq == before + 1, "the computer lost its whole turn: no move of its own"
    assert "turn is blocked" in text_of(table_message(env, channel))


async def test_refusals_are_ephemeral_and_change_nothing(world, dice):
    env, channel, alice, bob = world
    carol = env.guild.add_member(env.create_user("carol"))
    table = await open_table(env, channel, alice, bob, dice, ordered=True, computer=False)
    message = table_message(env, channel)
    cases = [
        (bob.click(message, label="Draw & roll"), "not your turn"),
        (carol.click(message, label="Draw & roll"), "not seated"),
        (alice.slash(channel, "doodle reroll", dice="1"), "Draw and roll first"),
        (alice.slash(channel, "doodle reroll", dice="7"), "1 to 6"),
        (alice.slash(channel, "doodle claim", card="Unicorn"), "No card"),
        (alice.slash(channel, "doodle steal", card="Smiley", member=bob), "No card"),
        (alice.slash(channel, "doodle block", member=bob), "no unused Block A Turn"),
        (bob.slash(channel, "doodle block", member=alice), "no unused Block A Turn"),
        (alice.slash(channel, "doodle block", member=alice), "your own turn"),
        (alice.slash(channel, "armymen roll"), "plays Doodle Dice"),
        (carol.slash(channel, "doodle new"), "already open"),
    ]
    for call, expected in cases:
        result = await call
        assert result.ephemeral, expected
        assert expected.lower() in result.response.content.lower(), result.response.content
        assert table_of(env, channel).seq == table.seq
    dice.script(*[DASH] * 6)
    await press(alice, message, "Draw & roll")
    seq = table_of(env, channel).seq
    for call, expected in [
        (alice.slash(channel, "doodle claim", card="Cowboy"), "do not show"),
        (alice.slash(channel, "doodle freeroll"), "no unused Free Roll"),
        (alice.slash(channel, "doodle draw"), "already drawn"),
        (bob.slash(channel, "doodle stop"), "not your turn"),
    ]:
        result = await call
        assert result.ephemeral and expected.lower() in result.response.content.lower(), result.response.content
        assert table_of(env, channel).seq == seq


async def test_rules_show_the_figure_legend(world):
    env, channel, alice, _ = world
    result = await alice.slash(channel, "doodle rules")
    assert result.ephemeral
    text = text_of(result.response.message)
    assert "🌈 arch · 📏 dash · ⚫ dot · 🙂 face · ↗️ slant · 🪱 squiggle" in text
    assert "`/doodle roll`" in text and "DD-R7" in text


async def test_the_block_button_works_after_a_restart(world, dice, make_bot):
    env, channel, alice, bob = world
    await open_table(env, channel, alice, bob, dice, ordered=True, top=("BT1",), computer=False)
    dice.script(*[DASH] * 6)
    await press(alice, table_message(env, channel), "Draw & roll")
    await press(alice, table_message(env, channel), "Stop")
    message = table_message(env, channel)  # sent before the restart, with "Block bob"
    before = table_of(env, channel).state
    dice.decks.extend([[], ["BT1"]])  # the replay after the restart asks for the same shuffles and dice
    dice.script(*[DASH] * 6)
    await env.restart_bot(make_bot())
    await tables(env).cache.open_tables()  # the new process rebuilds tables when first touched
    assert table_of(env, channel).state == before
    result = await alice.click(message, label="Block bob")
    assert not result.ephemeral
    table = table_of(env, channel)
    assert table.to_act == {0} and table.view(None)["turns"] == 2
    assert f"<@{alice.id}>" not in channel.last_message.content, "the blocker is not pinged for her own move"


async def test_dd_r7_the_board_keeps_the_dice_beside_an_announced_block(world, dice):
    """A block announced ahead is listed under the turn in progress; it never hides that turn's dice, and a
    turn that has not begun shows no dice."""
    env, channel, alice, bob = world
    await open_table(env, channel, alice, bob, dice, ordered=True, top=("BT1",))
    text = text_of(table_message(env, channel))
    assert "turn has not begun" in text and "rolled:" not in text and "re-roll" not in text
    dice.script(*[DASH] * 6)
    await press(alice, table_message(env, channel), "Draw & roll")  # alice keeps Block A Turn, rolls dashes
    hand = (await alice.click(table_message(env, channel), label="My hand")).response.message
    result = await choose(alice, hand, "Block bob")  # during her own turn (DD-R7), from My hand
    assert result.response.ephemeral
    text = read(table_message(env, channel))
    assert "Blocked: bob will lose their coming turn" in text
    assert "alice rolled:" in text and "2 re-rolls left" in text, "her dice are still on the table"


async def test_dd_r7_six_players_a_block_for_every_blockable_turn(world, dice):
    """Six seats, two holders: while alice's turn has not begun, all six turns can be blocked (each holder may
    block every opponent): one menu holds them (a row, where six buttons took a phone's screen), and My hand
    shows each holder only the turns they may block."""
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "doodle new", pace="live")).response.message
    await bob.click(lobby, label="Join")
    for _ in range(4):
        await add_computer(alice, lobby)
    dice.decks.extend([[], ["BT1", "O02", "BT2"]])
    await alice.click(lobby, label="Start")
    dice.script(*[DASH] * 6)
    await press(alice, table_message(env, channel), "Draw & roll")  # BT1, then a doodle
    await press(alice, table_message(env, channel), "Stop")
    dice.script(*[DASH] * 6)
    await press(bob, table_message(env, channel), "Draw & roll")  # BT2, then a doodle
    await press(bob, table_message(env, channel), "Stop")
    table = table_of(env, channel)
    assert table.to_act == {0} and not table.view(None)["begun"], "the computers played; alice's turn is next"
    message = table_message(env, channel)
    blocks = [n for n in options(message) if n.startswith("Block")]
    assert len(blocks) == 6 and blocks[0] == "Block alice", "six turns to block: one menu, one row"
    assert not [n for n in labels(message) if n.startswith("Block")]
    assert all(len(row.children) <= 5 for row in walk(message.components) if isinstance(row, discord.ActionRow))
    mine = await bob.click(message, label="My hand")
    assert [n for n in options(mine.response.message) if n.startswith("Block")] == \
        [n for n in blocks if n != "Block bob"]
    mine = await alice.click(message, label="My hand")
    assert "Draw & roll" in labels(mine.response.message)
    assert [n for n in options(mine.response.message) if n.startswith("Block")] == blocks[1:]
    result = await choose(bob, message, "Block alice")
    assert not result.ephemeral
    assert table_of(env, channel).to_act == {1}, "alice lost her turn; bob's comes"
