from conftest import campaign_state, character_ids


def test_fixture_campaign_has_three_characters(app, campaign):
    c = campaign_state(app)
    assert c.name == "The Historians"
    assert [ch.name for ch in c.characters] == ["Sylvestia", "Vincent", "Augustus"]
    assert set(character_ids(app)) == {"Sylvestia", "Vincent", "Augustus"}
