"""Armadillo played through Discord: dice menus on the table, and answers from it (a token, or Discard a card…,
which opens only the presser's own cards: the table never offers a card its presser lacks, and which answer a
member gave is seen by no one), My hand with exactly a member's legal answers, the hand alone in the DM."""

from __future__ import annotations

from bot.games.armadillo.engine import Discard, Roll
from bot.games.core import encode_action
from cogs.games.armadillo.render import hand_text
from tests.cogs.helpers import (
    add_computer,
    choice_labels,
    choose,
    components,
    discard,
    labels,
    last_table_message,
    message_by_id,
    move_ids,
    open_choices,
    options,
    table_of,
    tables,
    text_of,
    texts,
)

# seat 0 alice, seat 1 bob, seat 2 the computer: distinctive hands (evens, odds, and a mix)
ALICE = [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]
BOB = [1, 3, 5, 7, 9, 11, 13, 15, 17, 19]
COMPUTER = [1, 2, 3, 4, 5, 15, 16, 17, 18, 19]


def close_dms(env, member) -> None:
    env.inject_error("POST", f"/channels/{member.user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)


async def open_three_seat_table(env, channel, alice, bob, dice, *, pace="casual", alice_dms=True):
    """alice hosts, bob joins, a computer sits third; alice rolls first; the deal is ALICE/BOB/COMPUTER."""
    lobby = (await alice.slash(channel, "armadillo new", pace=pace)).response.message
    await bob.click(lobby, label="Join")
    await add_computer(alice, lobby)
    if not alice_dms:
        close_dms(env, alice)
    dice.script(0)  # ARM-R11: the first roller is drawn first…
    dice.decks.append(ALICE + BOB + COMPUTER)  # …then one shuffle: seat 0 gets the first ten cards
    await alice.click(lobby, label="Start")
    table = table_of(env, channel)
    assert [list(h) for h in table.state.hands] == [ALICE, BOB, COMPUTER]
    return table


def dm_messages(member):
    return member.user.dm_channel.history()


def the_dm(member):
    (message,) = dm_messages(member)  # one DM message per table, edited in place
    return message


async def roll(member, message, dice_roll: Roll, faces: tuple[int, ...], dice):
    """Pick `dice_roll` in the dice menus of `message` (table message or private view), rolling `faces`."""
    value = encode_action(dice_roll)
    menu = next(c for c in components(message) if any(o.value == value for o in getattr(c, "options", [])))
    dice.script(*faces)
    return await member.select(message, [value], custom_id=menu.custom_id)


def public_texts(channel) -> list[str]:
    return [text_of(m) + "\n" + "\n".join(labels(m)) for m in channel.history()]


def assert_no_hand_in_channel(channel, hands) -> None:
    for text in public_texts(channel):
        assert "Your hand" not in text and "Your answer" not in text, text
        for hand in hands:
            assert hand_text(list(hand)) not in text, text


def dm_requests(env, member, since: int) -> list:
    return [r for r in env.http_requests[since:] if str(member.user.dm_channel.id) in r.path]


async def test_answers_on_the_table_or_my_hand_stay_secret(world, dice):
    env, channel, alice, bob = world
    table = await open_three_seat_table(env, channel, alice, bob, dice, alice_dms=False)
    seen_hands = [tuple(h) for h in table.state.hands]

    # alice's DMs are closed: the channel says so without revealing anything
    notice = next(m for m in channel.history() if "can't DM you" in m.content)
    assert f"<@{alice.id}>" in notice.content and "My hand" in notice.content
    assert dm_messages(alice) == []

    # bob's DM names the server and the channel, links to the table message, and shows only his secret
    dm = the_dm(bob)
    assert "Game Night" in texts(dm)[0] and f"<#{channel.id}>" in texts(dm)[0]
    assert f"/{channel.guild.id}/{channel.id})" in text_of(dm), "a link to the channel"
    assert hand_text(BOB) in text_of(dm)
    assert not components(dm), "moves are made on the table message (or with My hand)"

    # alice rolls on the table message: 🟨5 🟥8 = 13; a roll changes no hand, so no DM is touched
    table_message = message_by_id(channel, table.message_id)
    menu_labels = [o.label for c in components(table_message) for o in getattr(c, "options", [])]
    assert len(menu_labels) == 26 and "🟨🟥 → 11–15" in menu_labels
    before_roll = len(env.http_requests)
    result = await roll(alice, table_message, Roll(yellow=1, red=1), (5, 8), dice)
    assert not result.ephemeral
    assert dm_requests(env, bob, before_roll) == [], "the roll left bob's private view as it was"
    table_message = message_by_id(channel, table.message_id)
    text = text_of(table_message)
    assert "🟨5 🟥8 = 13" in text and "(1/3 in)" in text, "the computer answered at once"  # the picture says

    # the table offers anyone a token and, for a card, each member's own: Discard a card… opens the presser's cards
    # that may go on 13 with their tokens, in a modal only they see; opening it changes nothing
    assert labels(table_message) == ["Discard a card…", "Take a token", "My hand", "Follow"]
    opened = await open_choices(alice, table_message)
    assert opened.modal["title"] == "Your answer to 13"
    assert choice_labels(opened) == ["Discard 12 (1 token)", "Discard 14 (1 token)"], "never a card she lacks"
    assert hand_text(ALICE) in str(opened.modal), "her hand, beside her choices, for her eyes only"
    assert table_of(env, channel).seq == table.seq + 2

    # bob answers from the table: his card's submit edits the table through itself, which shows that he answered
    opened = await open_choices(bob, table_message)
    assert choice_labels(opened) == ["Discard 13 (free)", "Discard 11 (2 tokens)", "Discard 15 (2 tokens)"]
    before_answer = len(env.http_requests)
    result = await bob.submit_modal(opened, {"choice": [encode_action(Discard(13))]})
    assert not result.ephemeral
    assert len(env.http_requests) - before_answer == 1, "one call: the table edited through the submit"
    text = text_of(message_by_id(channel, table.message_id))
    assert "(2/3 in)" in text and "discarded" not in text, "who answered is public, not what"
    assert text.count("✅ answered") == 2 and "⏳ answering" in text
    assert not components(dm) and text_of(the_dm(bob)) == text_of(dm)

    refused = await bob.slash(channel, "armadillo respond", card=15)
    assert refused.ephemeral and "already answered" in refused.response.content
    refused = await open_choices(bob, message_by_id(channel, table.message_id))
    assert refused.ephemeral and "waiting for alice" in refused.response.content

    # alice answers through My hand (ephemeral): exactly her legal answers, with their cost
    hand = await alice.click(message_by_id(channel, table.message_id), label="My hand")
    assert hand.ephemeral and hand_text(ALICE) in text_of(hand.response.message)
    assert labels(hand.response.message) == ["Take a token"]  # no card of hers is free
    assert options(hand.response.message) == ["Discard 12 (1 token)", "Discard 14 (1 token)"]
    refused = await alice.slash(channel, "armadillo respond", card=10)
    assert refused.ephemeral and "costs 3 tokens and you have 2" in refused.response.content
    result = await choose(alice, hand.response.message, "Discard 12 (1 token)")
    assert result.response.ephemeral, "the private view is edited in place"
    assert "Your answer" not in text_of(message_by_id(channel, table.message_id))

    after = table_of(env, channel)
    assert after.state.hands[1] == tuple(v for v in BOB if v != 13) and after.state.tokens == (1, 2, 3)
    text = text_of(message_by_id(channel, table.message_id))
    assert "discarded **13**" in text and "discarded **12** (1 token)" in text and "took a token" in text
    assert "9 cards · 🪙 1" in text, "hand sizes and tokens are public"
    bob_dm = text_of(the_dm(bob))
    assert hand_text(after.state.hands[1]) in bob_dm and "your answer: discard **13**" in bob_dm
    seen_hands += [tuple(h) for h in after.state.hands]
    assert_no_hand_in_channel(channel, seen_hands)
    assert len(dm_messages(bob)) == 1


async def test_refusals_are_clear_and_change_nothing(world, dice):
    env, channel, alice, bob = world
    carol = env.guild.add_member(env.create_user("carol"))
    table = await open_three_seat_table(env, channel, alice, bob, dice)
    cases = [
        (bob.slash(channel, "armadillo roll", red=1), "alice"),
        (bob.slash(channel, "armadillo respond", card=13), "wait for"),
        (alice.slash(channel, "armadillo roll"), "at least one die"),
        (alice.slash(channel, "armadillo respond"), "roll first"),
        (carol.slash(channel, "armadillo respond"), "not seated"),
        (carol.click(message_by_id(channel, table.message_id), label="My hand"), "not seated"),
    ]
    for call, expected in cases:
        result = await call
        assert result.ephemeral, expected
        assert expected.lower() in result.response.content.lower(), result.response.content
        assert table_of(env, channel).seq == table.seq
    dice.script(5, 8)
    await alice.slash(channel, "armadillo roll", yellow=1, red=1)
    rolled = table_of(env, channel)
    for call, expected in [(bob.slash(channel, "armadillo respond", card=2), "no card of that value"),
                           (bob.slash(channel, "armadillo roll", blue=1), "already rolled")]:
        result = await call
        assert result.ephemeral and expected in result.response.content, result.response.content
        assert table_of(env, channel).seq == rolled.seq
    result = await bob.slash(channel, "armadillo respond")  # no card: take a token
    assert result.ephemeral and result.response.content.startswith("✅ ")
    assert table_of(env, channel).state.answers[1] is not None
    rules = await carol.slash(channel, "armadillo rules")
    assert rules.ephemeral and "ARM-R9" not in text_of(rules.response.message) and "R9" in text_of(
        rules.response.message)


async def test_a_member_without_a_card_for_the_total_is_told_to_take_a_token(world, dice):
    """25 is more than 3 from every card of bob's (odds to 19), and any card costs 4 tokens: he has 2. Discard a
    card… offers him nothing: it says why, privately, and changes nothing; the token stays on the table."""
    env, channel, alice, bob = world
    table = await open_three_seat_table(env, channel, alice, bob, dice)
    await roll(alice, message_by_id(channel, table.message_id), Roll(yellow=2, red=2), (4, 5, 8, 8), dice)
    before = table_of(env, channel)
    message = message_by_id(channel, table.message_id)
    refused = await open_choices(bob, message)
    assert refused.ephemeral and refused.modal is None
    assert refused.response.content == "None of your cards can go on 25 with your 🪙 2: take a token instead."
    assert table_of(env, channel).seq == before.seq
    taken = await bob.click(message, label="Take a token")
    assert not taken.ephemeral and table_of(env, channel).state.answers[1].card is None, "his token, from the table"


async def test_a_response_timeout_applies_arm_r9(world, dice):
    env, channel, alice, bob = world
    table = await open_three_seat_table(env, channel, alice, bob, dice, pace="live")
    await roll(alice, message_by_id(channel, table.message_id), Roll(yellow=1, red=1), (5, 8), dice)
    await env.advance_time(121)
    after = table_of(env, channel)
    reveal = after.view(None)["last_reveal"]["answers"]
    assert reveal[1]["discard"] == 13 and reveal[1]["paid"] == 0, "bob's exact match was discarded"
    assert reveal[0]["token"] and after.state.tokens[0] == 3, "alice had no 13: a token, never a paid card"
    assert any("Time ran out" in m.content for m in channel.history())
    assert after.view(None)["phase"] == "roll" and after.view(None)["roller"] == 1


async def test_a_restart_mid_response_keeps_and_hides_the_answers(world, dice, make_bot):
    env, channel, alice, bob = world
    table = await open_three_seat_table(env, channel, alice, bob, dice)
    await roll(alice, message_by_id(channel, table.message_id), Roll(yellow=1, red=1), (5, 8), dice)
    bob_hand = (await bob.slash(channel, "game hand")).response.message  # ephemeral, with his answer buttons
    table_message = message_by_id(channel, table.message_id)
    opened = await open_choices(alice, table_message)
    before_answer = len(env.http_requests)
    await discard(bob, table_message, 13)
    assert dm_requests(env, alice, before_answer) == [] and dm_requests(env, bob, before_answer) == [], \
        "an answer changes no hand before the reveal: the DMs are left alone"
    before = table_of(env, channel)

    dice.script(0, 5, 8)  # the restarted bot replays the log: the same draws again
    dice.decks.append(ALICE + BOB + COMPUTER)
    await env.restart_bot(make_bot())
    await tables(env).cache.open_tables()  # the new process rebuilds tables when first touched
    after = table_of(env, channel)
    assert after.state == before.state and after.state.answers[1] is not None
    text = text_of(message_by_id(channel, after.message_id))
    assert "discarded" not in text and "(2/3 in)" in text
    again = await choose(bob, bob_hand, "Discard 15 (2 tokens)")  # offered before he answered on the table
    assert again.ephemeral and "already" in again.response.content
    assert table_of(env, channel).seq == after.seq

    result = await alice.submit_modal(opened, {"choice": [encode_action(Discard(12))]})  # opened before the restart
    assert not result.ephemeral
    text = text_of(message_by_id(channel, after.message_id))
    assert "discarded **13**" in text and "discarded **12** (1 token)" in text
    assert len(dm_messages(alice)) == 1 and len(dm_messages(bob)) == 1


async def test_a_failing_dm_does_not_undo_a_move(world, dice):
    """A Discord outage on one DM: the move stands, the player is told nothing went wrong."""
    env, channel, alice, bob = world
    table = await open_three_seat_table(env, channel, alice, bob, dice)
    await roll(alice, message_by_id(channel, table.message_id), Roll(yellow=1, red=1), (5, 8), dice)
    await discard(bob, message_by_id(channel, table.message_id), 13)
    env.inject_error("PATCH", f"/channels/{bob.user.dm_channel.id}/messages/{the_dm(bob).id}", status=500,
                     code=0, message="Internal Server Error", times=1)
    result = await alice.click(message_by_id(channel, table.message_id), label="Take a token")  # the reveal
    assert not result.ephemeral and not result.followups, [f.content for f in result.followups]
    assert table_of(env, channel).view(None)["phase"] == "roll"
    assert hand_text(BOB) in text_of(the_dm(bob)), "bob's DM could not be edited"
    env.errors.clear()
    await roll(bob, message_by_id(channel, table.message_id), Roll(red=1), (8,), dice)  # the next change…
    assert hand_text([v for v in BOB if v != 13]) in text_of(the_dm(bob)), "…brings it up to date"


async def test_a_whole_game_against_two_computers(world, dice):
    env, channel, alice, _ = world
    lobby = (await alice.slash(channel, "armadillo new")).response.message
    await add_computer(alice, lobby)
    await add_computer(alice, lobby)
    dice.script(0)
    await alice.click(lobby, label="Start")
    for _ in range(300):
        table = table_of(env, channel)
        if table is None:
            break
        message = message_by_id(channel, table.message_id)
        if table.view(None)["phase"] == "roll":  # alice rolls on the table message
            menu = next(c for c in components(message) if getattr(c, "options", None))
            result = await alice.select(message, [menu.options[4].value], custom_id=menu.custom_id)
        else:  # and answers with My hand, which lists exactly her legal answers
            hand = (await alice.click(message, label="My hand")).response.message
            result = await alice.click(hand, custom_id=move_ids(hand)[0])
        assert result.response is not None and "✅ Saved" not in (result.response.content or "")
    else:
        raise AssertionError("the game did not end")
    final = text_of(last_table_message(channel))
    assert "wins!" in final or "win!" in final
    assert "Round 3 of 3" in final and "pts (" in final, "round scores are public"
    assert "wins!" in channel.last_message.content or "win!" in channel.last_message.content
    assert "game is over" in text_of(the_dm(alice)) and not components(the_dm(alice))
