# The Fjelstul World Cup Database's players (jfjelstul/worldcup, data-csv/players.csv), for the birth dates of the
# players the squads brought (feeds/worldcup-squads.profile), found by the database's key and nothing else changed:
#
#   rosterdb import players.csv --profile feeds/worldcup-birth-dates.profile
#
only = birth_date
match = ref
map = ref=player_id
null = not available
