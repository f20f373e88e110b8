# The Fjelstul World Cup Database's squads (jfjelstul/worldcup, data-csv/squads.csv): every squad of every men's and
# women's World Cup since 1930, a player once per tournament he played.
#
#   rosterdb import squads.csv --profile feeds/worldcup-squads.profile
#
map = name={given_name} {family_name}
map = ref=player_id
map = club=team_name
map = position=position_code
# A mononym's given name (Pelé).
null = not applicable
# A player's first tournament stands for him.
same-player = first
