# A team with its squad as football-data.org's API (v4) returns it (GET /v4/teams/{id}), saved as team.json:
#
#   rosterdb import team.json --profile feeds/football-data-team.profile
#
# The players are the array at "squad"; their ids are the provider's, not rosterdb's.
records = squad
map = ref=id
map = id=
map = birth_date=dateOfBirth
value-map = position:Goalkeeper=GK,Defence=DF,Midfield=MF,Offence=FW
