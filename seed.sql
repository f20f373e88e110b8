-- The sample roster that `rosterdb init --sample` loads into an empty roster.
-- Names, positions, nationalities and birth dates are the players' real ones, clubs those of the 2025-26 season
-- (NULL where not known); goals and assists are sample figures for one season. The folded keys are left for
-- rosterdb to fill, as for any row another tool writes.
INSERT INTO players (name, position, goals, assists, nationality, club, birth_date, image) VALUES
    ('Lionel Messi',           'RW',  20, 15, 'Argentina',   'Inter Miami',        '1987-06-24', 'lionel-messi.png'),
    ('Cristiano Ronaldo',      'ST',  23, 12, 'Portugal',    'Al-Nassr',           '1985-02-05', 'cristiano-ronaldo.png'),
    ('Kylian Mbappé',          'ST',  31,  7, 'France',      'Real Madrid',        '1998-12-20', 'kylian-mbappe.png'),
    ('Erling Haaland',         'ST',  27,  5, 'Norway',      'Manchester City',    '2000-07-21', 'erling-haaland.png'),
    ('손흥민',                 'LW',  17, 10, 'South Korea', 'Los Angeles FC',     '1992-07-08', 'son-heung-min.png'),
    ('久保 建英',              'RW',   7,  4, 'Japan',       'Real Sociedad',      '2001-06-04', 'takefusa-kubo.png'),
    ('Федор Смолов',           'ST',   9,  3, 'Russia',      NULL,                 '1990-02-09', 'fyodor-smolov.png'),
    ('Martin Ødegaard',        'AM',   8, 10, 'Norway',      'Arsenal',            '1998-12-17', 'martin-odegaard.png'),
    ('Kevin De Bruyne',        'CM',   6, 18, 'Belgium',     'Napoli',             '1991-06-28', 'kevin-de-bruyne.png'),
    ('Luka Modrić',            'CM',   2,  6, 'Croatia',     'AC Milan',           '1985-09-09', 'luka-modric.png'),
    ('Jude Bellingham',        'AM',  19,  6, 'England',     'Real Madrid',        '2003-06-29', 'jude-bellingham.png'),
    ('Rodri',                  'DM',   8,  9, 'Spain',       'Manchester City',    '1996-06-22', 'rodri.png'),
    ('N''Golo Kanté',          'DM',   2,  4, 'France',      'Al-Ittihad',         '1991-03-29', 'ngolo-kante.png'),
    ('Vinícius Júnior',        'LW',  24, 11, 'Brazil',      'Real Madrid',        '2000-07-12', 'vinicius-junior.png'),
    ('Mohamed Salah',          'RW',  29, 18, 'Egypt',       'Liverpool',          '1992-06-15', 'mohamed-salah.png'),
    ('Ángel Di María',         'RW',   9,  8, 'Argentina',   'Rosario Central',    '1988-02-14', 'angel-di-maria.png'),
    ('Lamine Yamal',           'RW',   7, 10, 'Spain',       'Barcelona',          '2007-07-13', 'lamine-yamal.png'),
    ('Robert Lewandowski',     'ST',  27,  2, 'Poland',      'Barcelona',          '1988-08-21', 'robert-lewandowski.png'),
    ('Harry Kane',             'ST',  36,  8, 'England',     'Bayern Munich',      '1993-07-28', 'harry-kane.png'),
    ('Virgil van Dijk',        'CB',   3,  2, 'Netherlands', 'Liverpool',          '1991-07-08', 'virgil-van-dijk.png'),
    ('Antonio Rüdiger',        'CB',   1,  1, 'Germany',     'Real Madrid',        '1993-03-03', 'antonio-rudiger.png'),
    ('Trent Alexander-Arnold', 'RB',   3, 12, 'England',     'Real Madrid',        '1998-10-07', 'trent-alexander-arnold.png'),
    ('Alphonso Davies',        'LB',   1,  5, 'Canada',      'Bayern Munich',      '2000-11-02', 'alphonso-davies.png'),
    ('Achraf Hakimi',          'RWB',  5, 10, 'Morocco',     'Paris Saint-Germain','1998-11-04', 'achraf-hakimi.png'),
    ('Alisson Becker',         'GK',   0,  0, 'Brazil',      'Liverpool',          '1992-10-02', 'alisson-becker.png'),
    ('Thibaut Courtois',       'GK',   0,  0, 'Belgium',     'Real Madrid',        '1992-05-11', 'thibaut-courtois.png'),
    ('Manuel Neuer',           'GK',   0,  0, 'Germany',     'Bayern Munich',      '1986-03-27', 'manuel-neuer.png'),
    ('Jan Oblak',              'GK',   0,  0, 'Slovenia',    'Atlético Madrid',    '1993-01-07', 'jan-oblak.png');
