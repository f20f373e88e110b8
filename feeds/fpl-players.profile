# The Fantasy Premier League's players, as vaastav/Fantasy-Premier-League publishes them each season
# (data/<season>/players_raw.csv), with that season's teams.csv in the folder the import runs in:
#
#   rosterdb import players_raw.csv --profile feeds/fpl-players.profile
#
# The file is the whole league every night: players it no longer lists are removed (at most 20% of the roster).
null = None
map = name={first_name} {second_name}
# code is the provider's key for a player across seasons; its own id column is not rosterdb's.
map = ref=code
map = id=
map = goals=goals_scored
map = image=photo
map = position=element_type
value-map = position:1=GK,2=DF,3=MF,4=FW
# team is an id into teams.csv.
map = club=team
lookup = club=teams.csv:id:name
# element_type 5: the managers, who are no players.
skip-where = element_type=5
prune
