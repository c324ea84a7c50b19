from datetime import timedelta

from tests.cogs.conftest import server_in

DAY = 86400


async def test_smoke(simcord_env, client_languages):
    env = simcord_env
    _, guild, channel, alice, bob, mod = server_in(env, client_languages, "en")
    members = [alice, bob, *(guild.add_member(env.create_user(f"p{i}")) for i in range(3))]
    starts = (env.now() + timedelta(days=1)).strftime("%Y-%m-%d %H:%M")
    answer = await mod.slash(channel, "tournament new", game="coin", format="swiss", rounds=2, pace="async",
                             starts=starts, name="Winter Swiss")
    print(answer.ephemeral, answer.response.content)
    message = answer.response.message
    for m in members:
        r = await m.click(message, label="Join the night")
        print(r.ephemeral, r.response.content)
    print([m.content for m in channel.history()])
    await env.advance_time(DAY + 60)
    print([t.name for t in channel.threads])
    for t in channel.threads:
        print([m.content[:200] for m in t.history()])
    print([m.content[:300] for m in channel.history()])
