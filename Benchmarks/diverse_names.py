"""Name pools and rare-surname generators for generate_players.py --diverse.

Each nationality names its players after its own traditions: real given and family names, written in the nation's
script (Latin with its accents, Hangul, CJK, Cyrillic, Greek, Arabic) or transliterated, plus generated rare
surnames built from the syllables of that tradition, so that a million players carry hundreds of thousands of
distinct name words, as a real registry does. Everything is drawn from the random.Random passed in, so the same
seed always gives the same names. No name holds a double quote, a backslash or a control character."""

import bisect
import re
import unicodedata


def _w(text):
    """A pool from a space-separated string; `_` stands for a space inside one entry (`van_Dijk`)."""
    return [word.replace("_", " ") for word in text.split()]


def _pairs(text):
    """(script, romanization) pairs from `한:Han 손:Son …`."""
    return [tuple(pair.split(":")) for pair in text.split()]


def _skewed(r, pool):
    """An entry of pool, the first ones more often (a Zipf-like head, as real name frequencies have)."""
    x = r.random()
    return pool[int(len(pool) * x * x)]


def _any(r, pool):
    return pool[int(len(pool) * r.random())]


class Syllables:
    """Generated surnames: an onset, zero to two middles, an ending; hundreds of thousands of combinations per
    tradition, so that most are rare."""

    def __init__(self, onsets, middles, endings, middle_weights=(0.35, 0.45, 0.2)):
        self.onsets = _w(onsets)
        self.middles = _w(middles)
        self.endings = _w(endings)
        self.zero = middle_weights[0]
        self.one = middle_weights[0] + middle_weights[1]

    def __call__(self, r):
        x = r.random()
        onset = self.onsets[int(len(self.onsets) * r.random())]
        end = self.endings[int(len(self.endings) * r.random())]
        if x < self.zero:
            return onset + end
        middles = self.middles
        middle = middles[int(len(middles) * r.random())]
        if x < self.one:
            return onset + middle + end
        return onset + middle + middles[int(len(middles) * r.random())] + end


# MARK: - Latin-script traditions


class Latin:
    """Given name(s) and family name(s) in Latin script. `rare` is the share of generated surnames; `second_given`
    and `second_family` the shares of a second given name (joined by `given_joiner`) and a second family name
    (Spanish and Portuguese double surnames); `particles` are put before some family names."""

    def __init__(self, given, family, generator, rare=0.4, second_given=0.05, given_joiner=" ", second_family=0.0,
                 particles=(), particle_share=0.0, family_first=False):
        self.given = _w(given)
        self.family = _w(family)
        self.generator = generator
        self.rare = rare
        self.second_given = second_given
        self.given_joiner = given_joiner
        self.second_family = second_family
        self.particles = list(particles)
        self.particle_share = particle_share
        self.family_first = family_first

    def family_name(self, r):
        name = self.generator(r) if r.random() < self.rare else _skewed(r, self.family)
        if self.particles and r.random() < self.particle_share:
            name = _any(r, self.particles) + name
        return name

    def __call__(self, r):
        given = _skewed(r, self.given)
        if r.random() < self.second_given:
            other = _skewed(r, self.given)
            if other != given:
                given += self.given_joiner + other
        family = self.family_name(r)
        if r.random() < self.second_family:
            family += " " + self.family_name(r)
        return f"{family} {given}" if self.family_first else f"{given} {family}"


ENGLISH = Latin(
    "Harry Jude Phil Bukayo Declan Jordan Kyle Marcus Raheem Jack Mason Trent Luke Kieran Aaron John Conor Cole "
    "Ollie Ben Eberechi Anthony Jarrod Dominic Ezri Marc Lewis Curtis Callum James Joe Kobbie Morgan Levi Rico "
    "Adam Archie Alfie Oliver George Noah Leo Oscar Charlie Jacob Thomas William Henry Freddie Theo Finley Ethan "
    "Isaac Joshua Samuel Daniel Max Lucas Tyler Reece Jamal Kai Ryan Scott Andrew Steven David Wayne Michael "
    "Christian Weston Tim Gio Brenden Folarin Josh Ali Jonathan Cyle Tajon Stephen Aidan Brandon Connor Dylan "
    "Elliot Harvey Jayden Keane Liam Nathan Owen Rhys Sean Taylor Tobias Zach",
    "Kane Bellingham Foden Saka Rice Henderson Walker Rashford Sterling Grealish Mount Alexander-Arnold Shaw "
    "Trippier Ramsdale Stones Maguire Gallagher Watkins Palmer Toney Eze Gordon Bowen Solanke Konsa Guéhi Dunk "
    "Pickford Mainoo Gibbs-White Smith Jones Williams Taylor Brown Davies Evans Wilson Thomas Johnson Roberts "
    "Robinson Thompson Wright White Edwards Hughes Green Hall Lewis Harris Clarke Patel Jackson Wood Turner Martin "
    "Cooper Hill Ward Morris Moore Clark Lee King Baker Harrison Morgan Allen James Scott Phillips Watson Davis "
    "Parker Price Bennett Young Griffiths Mitchell Kelly Cook Carter Richardson Bailey Collins Bell Murphy Miller "
    "Cox Richards Khan Marshall Anderson Simpson Ellis Adams Singh Wilkinson Foster Chapman Powell Webb Rogers "
    "Gray Mason Ali Hunt Hussain Campbell Matthews Owen Holmes Mills Barnes Knight Lloyd Butler Russell Barker "
    "Fisher Stevens Jenkins Murray Dixon Harvey Pulisic McKennie Reyna Weah Dest Balogun Musah Pepi Buchanan "
    "Larin Laryea Johnston McGinn Robertson Tierney McTominay Gilmour Ramsey Bale Ampadu Brooks Rodon O'Brien "
    "O'Shea McCarthy Doherty Keane Duffy Coleman Brady Hendrick Ogbene Idah Kavanagh Quinn Whelan",
    Syllables(
        "Ash Black Brad Bram Brook Burn Cald Carl Chat Clay Cran Dal Dar Dun Ed Els Far Fen Fox Glad Gold Gran Hal "
        "Hart Haw Hay Holl Kings Lang Lock Mar Mid Mor Nor Oak Pem Rad Red Rock Rush Sel Shel Stan Stock Sud Thorn "
        "Wal War Wes Whit Win Wor Ack Bar Bev Cole Dray Elm Fair Hol Kirk Lyn Mel Pen Ren Sher Tal Wex",
        "e ing er en s bar ble ham ley ter field",
        "son ton ley ford field wood worth ham by man er well more stone bridge land ington croft wick combe shaw "
        "thorpe hurst dale ridge den lock bury cott ey"),
    rare=0.38, second_given=0.03, particles=("Mc", "Mac", "O'"), particle_share=0.04)

SPANISH = Latin(
    "Alejandro Álvaro Andrés Ángel Carlos Cristian Diego Eduardo Emiliano Enrique Facundo Fernando Gonzalo Héctor "
    "Hugo Iker Íñigo Javier Jesús Joaquín Jorge José Juan Julián Lautaro Lucas Luis Manuel Marcos Martín Mateo "
    "Matías Miguel Nicolás Óscar Pablo Raúl Rodrigo Rubén Santiago Sergio Tomás Valentín Dani Álex Fermín Nico "
    "Mikel Unai Aitor Oihan Gorka Asier Ander Borja Koke Rodri Pedri Gavi Marco Alexis Ignacio Agustín Thiago "
    "Exequiel Giovani Guillermo Hirving Edson Raúl Santi Jhon Yerry Dávinson Luis_Fernando Juan_Camilo Falcao "
    "Darwin Ronald Federico Rodrigo Giorgian Arturo Alexis Claudio Renato Piero Gianluca Moisés Enner Pervis "
    "Miguel_Ángel Yeferson Salomón Jefferson Ramón Rafael Brayan Kevin Jonathan Wilmer Édgar",
    "García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Martín Jiménez Ruiz Hernández Díaz "
    "Moreno Muñoz Álvarez Romero Alonso Gutiérrez Navarro Torres Domínguez Vázquez Ramos Gil Ramírez Serrano "
    "Blanco Molina Morales Suárez Ortega Delgado Castro Ortiz Rubio Marín Sanz Núñez Iglesias Medina Garrido "
    "Cortés Castillo Santos Lozano Guerrero Cano Prieto Méndez Cruz Calvo Gallego Vidal León Márquez Herrera Peña "
    "Flores Cabrera Campos Vega Fuentes Carrasco Diez Caballero Reyes Nieto Aguilar Pascual Santana Herrero "
    "Lorenzo Montero Hidalgo Giménez Ibáñez Ferrer Durán Benítez Mora Vicente Vargas Arias Carmona Crespo Román "
    "Pastor Soto Sáez Velasco Moya Soler Parra Esteban Bravo Gallardo Rojas Carvajal Cucurella Laporte Le_Normand "
    "Oyarzabal Merino Zubimendi Olmo Morata Yamal Williams Unai_Simón Raya Grimaldo Baena Ayoze Pino Messi "
    "Di_María Otamendi Mac_Allister De_Paul Paredes Romero Lisandro Tagliafico Molina Montiel Acuña Dybala "
    "Lo_Celso Correa Almada Garnacho Ochoa Lozano Guardado Herrera Jiménez Vega Chávez Orbelín Quiñones Arango "
    "Cuadrado Mina Borja Sinisterra Lerma Uribe Valverde Bentancur Ugarte Araújo Giménez Olivera Cavani Suárez "
    "Sánchez Vidal Alexis Aránguiz Bravo Valencia Caicedo Hincapié Estupiñán Plata Enciso Almirón Rondón Soteldo",
    Syllables(
        "Al Ar Bal Bar Bel Ber Cal Car Cas Cor Es Fer Gal Gar Gil Her Ir Lar Lo Mal Mar Men Mon Nav Ol Or Pal Par "
        "Qui Ram Ren Riv Sal San Sol Tor Val Ver Vil Zam Zor Urr Ech Itur Gor Agu Bus Cid Cue Esp Lin Ped",
        "a e i o u ar er al an en on ill av ed ab ig orr ez",
        "ez es ero era ado edo ana ano illa illo ón ín ía aga eta ola ueta iz az ondo arte aza ona uela ández "
        "ánchez ares anos illa alde"),
    rare=0.34, second_given=0.06, second_family=0.25)

BASQUE = Syllables(
    "Aiz Alde Arri Azpi Bengo Etxe Echa Elor Gara Goiko Iba Itur Lar Men Olea Urru Zuba Zabal Zubel Arte Beri Goi "
    "Oyar Agi Arau Egui Ira Muru Ola Sarri",
    "a e i o ko be ra ri ti zu",
    "aga eta ola ondo zabal goitia rreta ena egui berri alde buru zar txea ko arte barren")

PORTUGUESE = Latin(
    "João José Gonçalo Rúben Bernardo Bruno Diogo Rafael Vitinha Nuno Pedro Francisco Tiago Rui Ricardo André "
    "Renato Otávio Matheus Vinícius Rodrygo Gabriel Lucas Raphael Éder Thiago Marquinhos Casemiro Neymar Alisson "
    "Ederson Richarlison Antony Endrick Bremer Danilo Fabinho Fred Paulinho Roberto Luiz Carlos Caio Guilherme "
    "Igor Murilo Wendell Yan Savinho Estêvão Joelinton Douglas Wesley Everton Júlio Luís Ângelo Sérgio Marcos "
    "Leandro Felipe Rodrigo Henrique António Cristiano Rafa Trincão Samú Geovany Gustavo Vitor Éverton Kaio",
    "Silva Santos Oliveira Souza Sousa Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho "
    "Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques Machado "
    "Mendes Freitas Cardoso Ramos Gonçalves Santana Teixeira Araújo Pinto Correia Cunha Castro Monteiro Moura "
    "Cavalcanti Magalhães Brandão Figueiredo Leão Neves Guimarães Cancelo Dalot Palhinha Inácio Semedo Conceição "
    "Jota Félix Trincão Guerreiro Pepe Patrício Militão Paquetá Raphinha Martinelli Jesus Firmino Coutinho Marçal "
    "Sampaio Azevedo Batista Borges Campos Farias Fonseca Lacerda Macedo Queiroz Rezende Siqueira Tavares Xavier",
    Syllables(
        "Ab Al Ar Bal Bar Bel Bor Cal Car Cas Cor Fal Fer Fig Gal Gou Lar Lob Mac Mal Mar Mei Mon Mor Nog Pal Per "
        "Pim Quei Rab Reb Sal Sam Ser Tav Val Vas Vel Bra Gra Pra Tra Cra",
        "a e i o u an en ar er al am ol ud ei",
        "eira eiro ado ão ães ês inho ina anha elho oso ares ote ança ura ede alho ela ino ano onça"),
    rare=0.34, second_given=0.05, second_family=0.3, particles=("da ", "dos ", "de ", "do "), particle_share=0.06)

BRAZILIAN_NICKNAMES = _w(
    "Vinícius_Júnior Rodrygo Neymar_Jr Casemiro Marquinhos Alisson Ederson Richarlison Antony Endrick Fabinho Fred "
    "Paulinho Raphinha Savinho Estêvão Joelinton Bremer Danilo Gabigol Hulk Pedro Willian Oscar Kaká Ronaldinho "
    "Romário Bebeto Rivaldo Juninho Zico Sócrates Dida Cafu Adriano Fernandinho Luizão Taison Talisca Vitinho "
    "Pepê Matheuzinho Gerson Everton_Ribeiro Arrascaeta Igor_Jesus Wesley Léo_Ortiz Luiz_Henrique")

FRENCH = Latin(
    "Kylian Antoine Olivier Hugo Raphaël Ousmane Aurélien Eduardo Adrien Jules Théo Lucas Benjamin Dayot Ibrahima "
    "William Marcus Randal Kingsley Mike Alphonse Youssouf Warren Matteo Bradley Rayan Désiré Michael Christopher "
    "Jean-Philippe Jean-Clair Mathys Maxence Manu Brice Florian Clément Nabil Hatem Benoît Loïc Anthony Mattéo "
    "Enzo Noah Gabriel Léo Louis Arthur Timothé Maël Baptiste Quentin Rémi Thibault Cédric Jérémie Grégoire "
    "Jean-Pierre Pierre-Emerick Marc-André Jean-Kévin Loïs Axel Wissam Khéphren Lesley Téji",
    "Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Simon Laurent Lefèvre Michel Garcia "
    "David Bertrand Roux Vincent Fournier Morel Girard André Lefebvre Mercier Dupont Lambert Bonnet François "
    "Legrand Garnier Faure Rousseau Blanc Guérin Muller Henry Roussel Nicolas Perrin Morin Mathieu Clément "
    "Gauthier Dumont Fontaine Chevalier Robin Masson Gérard Boyer Denis Lemaire Duval Joly Gautier Roger Roche Roy "
    "Noël Meunier Marchand Dufour Blanchard Giroud Griezmann Lloris Varane Pavard Koundé Hernández Tchouaméni "
    "Camavinga Rabiot Kanté Dembélé Coman Thuram Kolo_Muani Saliba Upamecano Maignan Konaté Clauss Zaïre-Emery "
    "Barcola Olise Cherki Mbappé Benzema Ribéry Zidane Desailly Lizarazu Thuram Vieira Pirès Trézéguet Barthez",
    Syllables(
        "Beau Bel Bon Bour Cha Chau Cour Des Dou Fon Gar Gau Gir Guil Lar Leb Mal Mar Mon Mor Per Pon Rou Sau Tour "
        "Val Vill Ber Bru Dela Fau Gou Jou Lav Mou Bouch Lam Ram Ver",
        "a e i o ar er el on ou ill ch ss",
        "ier ière eau ault ard ot et in ain aud on ois ac ec elle ette eux ène é ès ignac ade ieu oux ié"),
    rare=0.36, second_given=0.04, given_joiner="-", particles=("de ", "Le ", "Du ", "La "), particle_share=0.04)

ITALIAN = Latin(
    "Gianluigi Federico Nicolò Lorenzo Giacomo Alessandro Matteo Sandro Marco Ciro Leonardo Giovanni Davide Andrea "
    "Francesco Bryan Mattia Riccardo Destiny Manuel Gianluca Simone Luca Fabio Daniele Stefano Pietro Tommaso Raoul "
    "Samuele Edoardo Niccolò Gaetano Salvatore Vincenzo Antonio Domenico Rocco Emanuele Moise Mateo Guglielmo",
    "Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti De_Luca Mancini Costa "
    "Giordano Rizzo Lombardi Moretti Barbieri Fontana Santoro Mariani Rinaldi Caruso Ferrara Galli Martini Leone "
    "Longo Gentile Martinelli Vitale Lombardo Serra Coppola De_Santis D'Angelo Marchetti Parisi Villa Conte Ferri "
    "Fabbri Bianco Marini Grasso Valentini Messina Sala De_Angelis Gatti Pellegrini Palumbo Sanna Farina Rizzi "
    "Monti Cattaneo Morelli Amato Silvestri Mazza Testa Grassi Pellegrino Carbone Giuliani Benedetti Barone "
    "Rossetti Caputo Montanari Guerra Palmieri Bernardi Martino Fiore De_Rosa Ferretti Bellini Basile Riva Donati "
    "Piras Vitali Battaglia Sartori Neri Costantini Milani Pagano Ruggiero Sorrentino D'Amico Orlando Negri "
    "Donnarumma Chiesa Barella Bastoni Di_Lorenzo Dimarco Scamacca Retegui Frattesi Tonali Calafiori Raspadori "
    "Locatelli Zaniolo Verratti Immobile Insigne Bonucci Chiellini Jorginho Buffon Totti Del_Piero Pirlo",
    Syllables(
        "Bar Bel Ber Bon Bor Cal Cap Car Cas Cav Cor Dal Fal Fer Gal Gar Lan Lom Mal Man Mar Mas Mor Nar Pal Pan "
        "Pel Pes Ros San Sca Ser Sor Tar Tor Val Ven Vin Zan Zor Pic Gir Bri Spa Stra",
        "a e i o u al an ar el en er ol on or ag ic",
        "ini elli etti otti one oni ucci ato ese ano ari aro izzi ello esi anti assi ieri oli ino ardi azzo icchio"),
    rare=0.36, particles=("De ", "Di ", "D'", "Lo "), particle_share=0.05)

GERMAN = Latin(
    "Thomas Manuel Joshua Leon Jonas Niklas Florian Kai Jamal Serge Leroy Timo Julian Lukas Maximilian Felix Jan "
    "Tobias Matthias Mats Antonio Robin Nico David Marc-André İlkay Emre Benjamin Pascal Christoph Dominik "
    "Sebastian Marco Marcel Mario Stefan Jürgen Günter Björn Jörg Uwe Karl-Heinz Jens Sven Malick Deniz Aleksandar "
    "Xaver Konrad Oliver Ralf Lothar Philipp Bastian Per Miroslav Granit Xherdan Yann Breel Ricardo Nico Manuel",
    "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch Bauer Richter Klein "
    "Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange Schmitt Werner Schmitz Krause "
    "Meier Lehmann Schmid Schulze Maier Köhler Herrmann König Walter Mayer Huber Kaiser Fuchs Peters Lang Scholz "
    "Möller Weiß Jung Hahn Schubert Vogel Friedrich Keller Günther Frank Berger Winkler Roth Beck Lorenz Baumann "
    "Franke Albrecht Schuster Simon Ludwig Böhm Winter Kraus Martin Schumacher Krämer Vogt Stein Jäger Otto "
    "Sommer Groß Seidel Heinrich Brandt Haas Schreiber Graf Schulte Dietrich Ziegler Kuhn Kühn Pohl Engel Horn "
    "Busch Bergmann Voigt Sauer Arnold Wolff Pfeiffer Kimmich Goretzka Gnabry Havertz Wirtz Musiala Sané Rüdiger "
    "Süle Tah Schlotterbeck Raum Gündoğan Füllkrug ter_Stegen Neuer Alaba Arnautović Sabitzer Laimer Baumgartner "
    "Xhaka Shaqiri Akanji Sommer Embolo Freuler Rodríguez Elvedi Zakaria Ndoye",
    Syllables(
        "Alt Bach Berg Blum Brand Eck Eich Feld Fried Gold Grün Hart Heid Hof Holz Kirch Klein Kohl Lind Mittel Ober "
        "Rosen Schön Stein Sturm Wald Weid Wein Wiesen Zell Ries Mühl Fähr Lör Dörf Straß Kreuz Acker Buch Rott",
        "en er el ing s",
        "mann berg stein er ner bauer hardt meier feld hofer ling inger hausen bach müller thal brunner huber egger "
        "wieser köster kämper städter"),
    rare=0.36, second_given=0.03, given_joiner="-")

DUTCH = Latin(
    "Virgil Frenkie Matthijs Memphis Denzel Cody Xavi Ryan Tijjani Jurriën Teun Joey Daley Stefan Wout Nathan Bart "
    "Jeremie Jasper Kevin Romelu Thibaut Youri Leandro Axel Toby Jan Thomas Eden Dries Arthur Timothy Amadou Jérémy "
    "Loïs Koen Sem Daan Bram Lars Thijs Ruud Wesley Arjen Robin Quinten Micky Justin Brian Lutsharel",
    "van_Dijk de_Jong de_Ligt Depay Dumfries Gakpo Simons Gravenberch Reijnders Timber Koopmeiners Weghorst Blind "
    "de_Vrij Aké Bergwijn Frimpong Verbruggen Flekken De_Bruyne Lukaku Courtois Tielemans Witsel Vertonghen "
    "Alderweireld Carrasco Trossard Doku Openda Onana Castagne Theate Faes Mangala Vermeeren Lavia de_Boer Bakker "
    "Janssen Visser Smit Meijer de_Vries van_den_Berg van_der_Linden Dekker Brouwer Mulder Bos Vos Peters "
    "Hendriks van_Leeuwen Kok Jacobs de_Groot Willems Verhoeven Claes Wouters Maes Mertens Goossens Peeters "
    "Dubois Lambert Dupont Hazard Kompany Geertruida Malen Zirkzee",
    Syllables(
        "Berg Boom Bos Brink Dam Dijk Gaal Graaf Hoek Hof Horst Kamp Kerk Laan Meer Molen Pol Rijn Schoot Veen Velde "
        "Vliet Wal Wijk Zand Beek Haar Kooi Leeuw Marr Nieuw Oost Rooij Steen Straat Tol Venn Werf",
        "e el er en ing s",
        "s en er ink huis man stra ma kamp veld hoven dal broek erts mans ens"),
    rare=0.36, particles=("van ", "de ", "van der ", "van den ", "ter ", "ten "), particle_share=0.2)

NORDIC = Latin(
    "Erling Martin Alexander Sander Kristoffer Jørgen Oscar Antonio Christian Pierre-Emile Rasmus Kasper Simon "
    "Mikkel Andreas Joachim Thomas Jonas Victor Viktor Emil Dejan Isak Anthony Ludwig Gustaf Jesper Robin Teemu "
    "Lukas Glen Gylfi Jóhann Aron Hákon Sverre Ole Morten Henrik Magnus Björn Søren Anders Ståle Åge Mads Kristian "
    "Yussuf Jens Frederik Oliver Elias Linus Hugo Axel Albin Viljami Eetu Arnór Sævar Ísak",
    "Haaland Ødegaard Sørloth Berge Ajer Nyland Østigård Thorsby Aursnes Larsen Johansen Hansen Olsen Nilsen "
    "Pedersen Kristiansen Jensen Andersen Christensen Eriksen Højbjerg Kjær Schmeichel Hjulmand Dolberg Damsgaard "
    "Mæhle Nørgaard Wind Skov_Olsen Isak Kulusevski Forsberg Lindelöf Gyökeres Elanga Ekdal Larsson Svensson "
    "Karlsson Nilsson Eriksson Andersson Johansson Gustafsson Pettersson Jönsson Lindberg Lindqvist Bergström "
    "Sjöberg Holmström Lundqvist Åberg Öberg Pukki Hrádecký Sigurðsson Guðmundsson Finnbogason Halldórsson "
    "Gunnarsson Þórðarson Virtanen Korhonen Mäkinen Nieminen Hämäläinen Laine Heikkinen Koskinen Järvinen",
    Syllables(
        "Berg Bjørn Dahl Eng Fjell Gran Hag Hol Kvam Lund Mo Myr Nord Rønn Sand Skog Stor Strand Sæ Tveit Vik Ås "
        "Øst Ber Lind Sjö Ström Holm Ek Fors Hall Hed Kjell Lil Ny Sol Ul Alm Bro Ros",
        "e a s en er stad by heim",
        "sen son ström lund gaard gård dal berg vik eng rud land bø qvist ø ås heim seth by näs nen inen"),
    rare=0.36)

POLISH = Latin(
    "Robert Wojciech Piotr Jakub Kamil Łukasz Krzysztof Grzegorz Arkadiusz Przemysław Jan Mateusz Bartosz "
    "Sebastian Karol Michał Tomasz Paweł Damian Szymon Nicola Jacek Marcin Dawid Kacper Mikołaj Jędrzej Bartłomiej "
    "Zbigniew Adam Patryk Maciej",
    "Lewandowski Szczęsny Zieliński Milik Glik Krychowiak Błaszczykowski Piszczek Bednarek Kiwior Frankowski "
    "Świderski Cash Bereszyński Moder Szymański Zalewski Piątek Grosicki Nowak Kowalski Wiśniewski Wójcik "
    "Kowalczyk Kamiński Woźniak Dąbrowski Kozłowski Jankowski Mazur Kwiatkowski Krawczyk Piotrowski Grabowski "
    "Nowakowski Pawłowski Michalski Nowicki Adamczyk Dudek Zając Wieczorek Jabłoński Król Majewski Olszewski "
    "Jaworski Wróbel Malinowski Pawlak Witkowski Walczak Stępień Górski Rutkowski Michalak Sikora Ostrowski Baran "
    "Duda Szewczyk Tomaszewski Pietrzak Marciniak Wróblewski Jakubowski Jasiński Zawadzki Sadowski Bąk "
    "Chmielewski Włodarczyk Borkowski Czarnecki Sawicki Sokołowski Urbański Kubiak Maciejewski Szczepański "
    "Kucharski Wilk Kalinowski Lis Mazurek Wysocki Adamski Kaźmierczak Wasilewski Sobczak Czerwiński",
    Syllables(
        "Bąk Biel Bor Brzez Chmiel Czar Dąb Dzik Głow Grab Jabł Jaw Kacz Kowal Krzyw Kwiat Las Lip Łuk Maj Mił Now "
        "Ols Pias Rud Sad Sok Stach Szew Świąt Trzask Wiecz Wil Wodz Wróbl Zaj Żak Żuk Grzyb Mróz",
        "a e o ie ow ew an in ar er ec ik",
        "ski cki dzki wicz czyk ak ek iak uk ik ewski owski iński yński ała oń asz"),
    rare=0.38)

CZECH = Latin(
    "Tomáš Patrik Vladimír Adam Jan Ondřej Lukáš Jiří Petr David Matěj Václav Antonín Michal Pavel Marek Milan "
    "Martin Stanislav Róbert Ľubomír Juraj Dávid Ivan Milan Denis Ondrej László Tamás",
    "Souček Schick Coufal Hložek Král Zima Holeš Barák Provod Kuchta Sadílek Černý Čech Rosický Nedvěd Baroš "
    "Novák Svoboda Novotný Dvořák Procházka Kučera Veselý Horák Němec Pokorný Marek Pospíšil Hájek Jelínek Růžička "
    "Beneš Fiala Sedláček Doležal Zeman Kolář Navrátil Čermák Vaněk Urban Blažek Kříž Kovář Bartoš Vlček Polák "
    "Musil Šťastný Škriniar Hamšík Lobotka Duda Dúbravka Haraslín Kucka Hancko Pekarík",
    Syllables(
        "Bla Bro Cho Dvo Hla Hor Hru Jel Kal Kop Kra Kub Kuč Mar Net Pol Pro Ryb Sla Sme Stra Svo Šim Šev Tom Vac "
        "Vese Zem Žiž Řeh Cib Fil Hav Jan Kos Lip Mik Pav Rou Ster",
        "á e í o ou ov an en ec ič",
        "ek ík ák ka ička ný ský cký ál áček ouš ůvek eš ar ec ota al íček ač"),
    rare=0.38)

HUNGARIAN = Latin(
    "Dominik Roland Willi Péter Ádám Bendegúz Attila Zsolt Barnabás László Gergő Bálint Dániel Márton Levente "
    "Botond Zoltán Tamás Gábor Kristóf Milos",
    "Szoboszlai Sallai Orbán Gulácsi Nagy Kovács Tóth Szabó Horváth Varga Kiss Molnár Németh Farkas Balogh Papp "
    "Takács Juhász Lakatos Mészáros Oláh Simon Rácz Fekete Kerkez Schäfer Styles Varga Bolla Fiola",
    Syllables(
        "Bar Bod Cser Dob Erd Fül Gyar Hal Hegy Kál Kert Kör Lad Maj Mar Nyír Pál Rév Sár Szél Szen Tar Tör Vár "
        "Zsig Bán Ber Dez Fen Gál",
        "a e o ö ó é á i",
        "i y ai ói fi ényi ássy ffy ős ász ár ek os ló di"),
    rare=0.38, family_first=True)

ROMANIAN = Latin(
    "Ianis Nicolae Răzvan Andrei Valentin Florin Denis Dennis Radu Horațiu Ionuț Alexandru Mihai Cristian Ștefan "
    "Bogdan Marius Vlad Darius Dragoș Gheorghe",
    "Hagi Stanciu Drăguș Mihăilă Man Mitriță Rațiu Drăgușin Burcă Niță Marin Popescu Ionescu Popa Radu Dumitru "
    "Stan Stoica Gheorghe Matei Ciobanu Constantin Munteanu Ene Lungu Tănase Mutu Chivu Lupescu Petrescu",
    Syllables(
        "Bă Bog Bur Căl Cos Dră Flo Gher Ior Lup Măr Mih Mol Neg Pav Pop Rad Săl Stă Tăn Tud Vas Vlă Zam Chir "
        "Drog Ior Mun Pet Rus",
        "a e i u ăr an ul ic",
        "escu eanu aru ică ilă iță uș ean oiu ache"),
    rare=0.38)

BALKAN = Latin(
    "Luka Ivan Mateo Marcelo Joško Dominik Andrej Josip Mario Nikola Lovro Bruno Borna Dejan Ante Marko Dušan "
    "Aleksandar Sergej Filip Strahinja Nemanja Predrag Vanja Miloš Lazar Saša Srđan Đorđe Edin Haris Miralem Jan "
    "Benjamin Žan Jaka Petar Stefan Veljko Ermedin Amar Ajdin Benjamin Timi Adam",
    "Modrić Kovačić Brozović Perišić Gvardiol Kramarić Pašalić Livaja Sučić Baturina Šutalo Stanišić Vlašić Majer "
    "Budimir Livaković Vida Lovren Rakitić Mandžukić Olić Šuker Boban Prosinečki Vlahović Mitrović "
    "Milinković-Savić Tadić Kostić Pavlović Živković Lukić Jović Gudelj Milenković Veljković Rajković Matić "
    "Ivanović Kolarov Nastasić Džeko Pjanić Kolašinac Demirović Oblak Šeško Iličić Handanović Petrović Jovanović "
    "Nikolić Marković Đorđević Stojanović Ilić Stanković Milošević Popović Vuković Kovačević Babić Marić Jurić "
    "Novak Horvat Knežević Tomić Božić Pavić Blažević Grgić Šarić Lovrić Perić Petrić Radić Bašić Matijević",
    Syllables(
        "Bab Bel Bog Bož Brk Cvet Dra Đur Grb Hor Jak Jel Jov Kne Kos Kov Krst Lal Luk Mal Mat Mil Mir Mlad Nik Nov "
        "Pav Per Rad Ran Sav Sim Sto Šar Ter Tod Vas Vel Vuk Zor Živ Žup Bran Dob Gav Ljub Mrk Pop",
        "a e i o an en in ov ev ar ek ič ul",
        "ić ović ević vić ač ec ek an ak inović anović čić šić kić ičević"),
    rare=0.38)

TURKISH = Latin(
    "Hakan Arda Kenan Orkun Ferdi Kerem Barış Alper Cengiz Merih Zeki Çağlar Ozan Abdülkerim Uğurcan Mert Salih "
    "Yusuf İsmail Emre Cenk Burak Okay İrfan Can Oğuz Semih Kaan Altay Samet Berkan Yunus Efecan Eren Halil "
    "İbrahim Mehmet Ahmet Mustafa Ömer Çağrı Doğukan Enes Furkan Görkem Taylan Umut Volkan",
    "Çalhanoğlu Güler Yıldız Kökçü Kadıoğlu Aktürkoğlu Yılmaz Ünder Demiral Bardakcı Çelik Ayhan Söyüncü Kabak "
    "Tosun Yazıcı Kahveci Akgün Özcan Bayındır Günok Çakır Şahin Demir Kaya Öztürk Aydın Özdemir Arslan Doğan "
    "Kılıç Aslan Çetin Kara Koç Kurt Özkan Şimşek Polat Özer Erdoğan Yavuz Aksoy Tekin Güneş Aktaş Turan Karaca "
    "Bulut Keskin Ünal Korkmaz Sarı Işık Çiftçi Acar Yücel",
    Syllables(
        "Ak Al Ay Bal Bay Boz Cem Çak Dem Den Doğ Er Gök Gül Gün Kal Kar Kay Kır Koç Kor Öz Sar Say Şen Tan Taş Tek "
        "Tur Uç Ül Yal Yıl Yüc Akın Bar Can Ergin Kurt Ok",
        "a e ı i an en ın ar er ur ül ay",
        "oğlu can kaya demir türk soy han taş ay er tekin men ci çı gil baş ol doğan göz yurt el"),
    rare=0.38)

GEORGIAN = Latin(
    "Khvicha Giorgi Georges Budu Otar Levan Zuriko Saba Luka Guram Davit Nika Lasha Irakli Anzor Jaba",
    "Kvaratskhelia Mamardashvili Mikautadze Chakvetadze Kashia Zivzivadze Kiteishvili Davitashvili Lochoshvili "
    "Kakabadze Gvilia Kvekveskiri Tsitaishvili Beridze Kvirkvelia",
    Syllables(
        "Ab Bak Ber Chak Dav Gog Gug Jap Kak Kav Kik Kvar Lom Mach Mam Mik Nad Pap Sakh Tab Tsit Zhgen Kvek Gel",
        "a e i o u ar el it ad",
        "shvili dze ia ava ani eli uri iani"),
    rare=0.45)

PERSIAN = Latin(
    "Mehdi Sardar Alireza Ali Hossein Saman Reza Karim Milad Morteza Saeid Ehsan Majid Omid Vahid Payam Ramin",
    "Taremi Azmoun Jahanbakhsh Beiranvand Ghoddos Karimi Hosseini Rezaei Mohammadi Ahmadi Moradi Pouraliganji "
    "Ezatolahi Nourollahi Gholizadeh Hajsafi Kanaani Cheshmi Jalali Safari",
    Syllables(
        "Ab Ahm Bah Dar Far Ghol Haj Jah Kam Kar Khos Mah Mir Moh Mor Nas Nour Par Rah Rez Sad Sal Shir Tah Yaz Zar",
        "a e i o an ar ol ad",
        "i zadeh pour nejad vand ian far abadi lou nia doost"),
    rare=0.45)

ARABIC_LATIN = Latin(
    "Mohamed Mohammed Muhammad Ahmed Ahmad Mahmoud Mostafa Mustafa Omar Youssef Yassine Hakim Achraf Sofiane Riyad "
    "Ismaël Nabil Karim Walid Hamza Ayoub Bilal Amine Anass Ilias Zakaria Abdelkader Abderrahmane Abdallah Ali "
    "Hassan Hussein Ibrahim Khalid Salem Saleh Fahad Faisal Nasser Tarek Amr Ramadan Brahim Azzedine Noussair "
    "Sofyan Selim Ellyes Wahbi Youcef Aïssa Ismaïl Rayan Houssem Montassar Hannibal Aymen Akram Almoez Abdulaziz",
    "El_Ahmadi Ben_Arfa Bennacer Boufal Amrabat Ziyech Mazraoui Aguerd Saïss En-Nesyri Ounahi Sabiri Abde Salah "
    "Elneny Trezeguet Marmoush Hegazi El_Shenawy Abdelmonem Fathi Mahrez Belaïli Slimani Feghouli Aouar Atal "
    "Al-Dawsari Al-Shehri Al-Faraj Al-Owais Kanno Al-Bulaihi Al-Ghannam Afif Al-Haydos Msakni Skhiri Laïdouni "
    "Talbi Khazri Dräger Bounou Hakimi Diaz El_Khannouss Adli Ezzalzouli Bensebaini Mandi Chaïbi Gouiri Amoura",
    Syllables(
        "Ba Bou Da Fa Gha Ha Ja Ka Kha Ma Na Qa Ra Sa Sha Ta Wa Ya Za Mo Be Ab Am Ou Ze",
        "b d f h j k l m n q r s t z ch dd ll mm ss kh rh",
        "i ari ani awi ouni idi aoui ami ri ali adi az ar ouz iz a ou"),
    rare=0.4, particles=("Al-", "El ", "Ben ", "Ould ", "Abdel", "Bou"), particle_share=0.35)

WEST_AFRICAN = Latin(
    "Sadio Kalidou Édouard Idrissa Ismaïla Cheikhou Pape Nicolas Iliman Boulaye Habib Krépin Lamine Abdou Moussa "
    "Mamadou Ibrahima Youssouf Seko Amadou Yves Franck Sébastien Simon Serge Wilfried Jean-Michaël Nicolas Odilon "
    "Victor Samuel Alex Wilfred Kelechi Ademola Ola Moses Calvin Frank Taiwo Joe Semi Alhassan Mohammed Jordan "
    "André Thomas Inaki Kamaldeen Antoine Tariq Abdul André-Frank Bryan Karl Vincent Eric Christian Georges",
    "Ndiaye Diop Diallo Fall Sarr Mbaye Gueye Sow Seck Faye Cissé Mendy Sané Koulibaly Mané Diatta Badji Ndoye "
    "Thiam Niang Kouyaté Koné Traoré Touré Kessié Zaha Haller Aurier Bailly Gradel Kouassi Yao Kouamé Konan "
    "N'Guessan Bamba Coulibaly Ouattara Fofana Doumbia Osimhen Iheanacho Ndidi Lookman Chukwueze Onuachu Ekong "
    "Aribo Iwobi Musa Okocha Adeyemi Okafor Obi Nwankwo Eze Okonkwo Adebayo Ogunleye Balogun Ajayi Partey Ayew "
    "Kudus Semenyo Asamoah Mensah Boateng Owusu Appiah Osei Addo Amartey Djiku Aboubakar Choupo-Moting Onana "
    "Anguissa Mbeumo Toko_Ekambi Ngamaleu Castelletto Bissouma Haïdara Diarra Camara Doucouré Keita Sissoko",
    Syllables(
        "Ade Ola Olu Oye Ayo Bola Chukwu Nna Obi Eze Nwa Oko Ike Ogu Ama Kwa Ba Ca Da Di Fo Ka Ko Ma Sa Si Ta To "
        "Tou Ndi Mba Ngu Ade Asa Bo",
        "ba bi di ko la li ma mo ra ri sa so ta te ou nye we",
        "mi la yemi wale kunle bayo nna emeka ebuka nso chi du onye ré ye ne ssé té ly ga bé mé ah eng"),
    rare=0.42)

ALBANIAN = Latin(
    "Granit Xherdan Arlind Ardon Endrit Valon Florent Besart Leart Fatos Arbnor Elseid Kristjan Taulant Armando",
    "Xhaka Shaqiri Berisha Krasniqi Gashi Hoxha Kelmendi Morina Rexhepi Asllani Broja Bajrami Hysaj Djimsiti",
    Syllables(
        "Ber Dem Gash Hox Kel Kras Mor Rex Sal Shal Tah Zek Bal Dar Lek",
        "a e i ë o aj",
        "aj i iu ja ni qi ri ku"),
    rare=0.4)

ROMAJI = Latin(
    "Kaoru Takefusa Wataru Daichi Ritsu Takehiro Takumi Junya Hidemasa Ayase Kyogo Daizen Koki Hiroki Yuki Shuichi "
    "Keito Ko Reo Ao Yukinari Sota Kota Haruto Yuto Ren Minato Hinata Sosuke Yamato Hayato",
    "Mitoma Kubo Endo Kamada Doan Tomiyasu Minamino Ito Morita Ueda Furuhashi Maeda Nakamura Tanaka Suzuki Takahashi "
    "Watanabe Yamamoto Kobayashi Kato Yoshida Yamada Sasaki Yamaguchi Matsumoto Inoue Kimura Hayashi Saito Shimizu",
    Syllables(
        "Ka Ki Ku Ko Sa Shi Su Ta Chi Tsu To Na Ni No Ha Hi Fu Ho Ma Mi Mu Mo Ya Yo Wa I U E O Ku Se Ne",
        "ka ki ku sa shi ta no ma mi ri ra ku ga za da ba",
        "moto mura kawa yama da ta shima zaki hara no gawa oka mori bayashi saka hashi ta sawa kubo naga"),
    rare=0.4)

PINYIN_GIVEN = "Lei Yuning Xi Junling Wei Hao Jun Tao Peng Yang Bin Qi Feng Yu Chen Long Xiao Ming Jie Kai Rui Zhi"

ENGLISH_MIXED = ENGLISH  # England and other English-speaking nations share one pool; the mix of others comes per nation.


# MARK: - Other scripts


class Hangul:
    """Korean names: a family syllable and one or two given syllables, written together (손흥민) — or, in Latin
    script, `Son Heung-min` or `Heung-min Son`."""

    FAMILY = _pairs(
        "김:Kim 이:Lee 박:Park 최:Choi 정:Jung 강:Kang 조:Cho 윤:Yoon 장:Jang 임:Lim 한:Han 오:Oh 서:Seo 신:Shin "
        "권:Kwon 황:Hwang 안:Ahn 송:Song 류:Ryu 전:Jeon 홍:Hong 고:Ko 문:Moon 양:Yang 손:Son 배:Bae 백:Baek 허:Heo "
        "유:Yoo 남:Nam 심:Shim 노:Noh 하:Ha 곽:Kwak 성:Sung 차:Cha 주:Joo 우:Woo 구:Koo 민:Min 진:Jin 나:Na 지:Ji "
        "엄:Um 채:Chae 원:Won 천:Cheon 방:Bang 공:Kong 현:Hyun 함:Ham 변:Byun 염:Yeom 여:Yeo 추:Choo 도:Do 소:So "
        "석:Seok 선:Sun 설:Seol 마:Ma 길:Gil 연:Yeon 위:Wi 표:Pyo 명:Myung 기:Ki 반:Ban 왕:Wang 금:Keum 옥:Ok "
        "육:Yook 인:In 맹:Maeng 제:Je 모:Mo 탁:Tak 국:Kook 어:Eo 은:Eun 편:Pyeon 용:Yong")
    GIVEN = _pairs(
        "민:min 준:jun 서:seo 현:hyun 우:woo 진:jin 지:ji 훈:hoon 영:young 호:ho 성:sung 수:soo 재:jae 동:dong "
        "석:seok 상:sang 혁:hyuk 철:chul 태:tae 승:seung 정:jung 용:yong 원:won 규:gyu 희:hee 경:kyung 한:han "
        "윤:yoon 찬:chan 빈:bin 주:joo 하:ha 도:do 건:gun 인:in 기:ki 범:beom 종:jong 환:hwan 섭:seop 욱:wook "
        "열:yeol 연:yeon 효:hyo 명:myung 선:sun 웅:woong 강:kang 은:eun 유:yu 혜:hye 솔:sol 결:gyeol 별:byeol "
        "흥:heung 병:byung 창:chang 대:dae 일:il 남:nam 광:kwang 중:joong 근:geun 학:hak 택:taek 형:hyung "
        "덕:deok 봉:bong 길:gil 율:yul 겸:gyeom 온:on 람:ram 후:hoo 린:rin 채:chae 예:ye 나:na 다:da 시:si "
        "리:ri 로:ro 무:mu 규:gyu 완:wan 관:kwan 세:se 의:ui")

    def __init__(self, latin_share):
        self.latin_share = latin_share

    def __call__(self, r):
        family = _skewed(r, self.FAMILY)
        first = _any(r, self.GIVEN)
        second = _any(r, self.GIVEN) if r.random() < 0.93 else None
        if r.random() >= self.latin_share:
            return family[0] + first[0] + (second[0] if second else "")
        given = first[1].capitalize() + ("-" + second[1] if second else "")
        return f"{family[1]} {given}" if r.random() < 0.6 else f"{given} {family[1]}"


class Hanzi:
    """Chinese names: a family character and one or two given characters, written together (张玉宁), or in pinyin
    (`Zhang Yuning`)."""

    FAMILY = _pairs(
        "王:Wang 李:Li 张:Zhang 刘:Liu 陈:Chen 杨:Yang 黄:Huang 赵:Zhao 吴:Wu 周:Zhou 徐:Xu 孙:Sun 马:Ma 朱:Zhu "
        "胡:Hu 郭:Guo 何:He 高:Gao 林:Lin 罗:Luo 郑:Zheng 梁:Liang 谢:Xie 宋:Song 唐:Tang 许:Xu 韩:Han 冯:Feng "
        "邓:Deng 曹:Cao 彭:Peng 曾:Zeng 肖:Xiao 田:Tian 董:Dong 袁:Yuan 潘:Pan 于:Yu 蒋:Jiang 蔡:Cai 余:Yu 杜:Du "
        "叶:Ye 程:Cheng 苏:Su 魏:Wei 吕:Lü 丁:Ding 任:Ren 沈:Shen 姚:Yao 卢:Lu 姜:Jiang 崔:Cui 钟:Zhong 谭:Tan "
        "陆:Lu 汪:Wang 范:Fan 金:Jin 石:Shi 廖:Liao 贾:Jia 夏:Xia 韦:Wei 付:Fu 方:Fang 白:Bai 邹:Zou 孟:Meng "
        "熊:Xiong 秦:Qin 邱:Qiu 江:Jiang 尹:Yin 薛:Xue 闫:Yan 段:Duan 雷:Lei 侯:Hou 龙:Long 史:Shi 陶:Tao 黎:Li "
        "贺:He 顾:Gu 毛:Mao 郝:Hao 龚:Gong 邵:Shao 万:Wan 钱:Qian 严:Yan 武:Wu 戴:Dai 莫:Mo 孔:Kong 向:Xiang "
        "汤:Tang 颜:Yan")
    GIVEN = _pairs(
        "伟:wei 芳:fang 娜:na 敏:min 静:jing 丽:li 强:qiang 磊:lei 军:jun 洋:yang 勇:yong 艳:yan 杰:jie 涛:tao "
        "明:ming 超:chao 秀:xiu 霞:xia 平:ping 刚:gang 桂:gui 文:wen 辉:hui 鑫:xin 宇:yu 浩:hao 凯:kai 鹏:peng "
        "华:hua 飞:fei 建:jian 志:zhi 东:dong 晨:chen 博:bo 然:ran 轩:xuan 子:zi 睿:rui 宁:ning 俊:jun 嘉:jia "
        "毅:yi 翔:xiang 斌:bin 亮:liang 帆:fan 琦:qi 锋:feng 涵:han 玉:yu 曦:xi 骏:jun 凌:ling 武:wu 琳:lin "
        "龙:long 海:hai 波:bo 坤:kun 昊:hao 天:tian 成:cheng 振:zhen 国:guo 庆:qing 立:li 新:xin 林:lin 峰:feng "
        "阳:yang 光:guang 永:yong 春:chun 冬:dong 扬:yang 晓:xiao 伦:lun 源:yuan 泽:ze 航:hang 哲:zhe 铭:ming "
        "诚:cheng 彬:bin 腾:teng 旭:xu 恒:heng 逸:yi 澜:lan 朗:lang")

    def __init__(self, latin_share):
        self.latin_share = latin_share

    def __call__(self, r):
        family = _skewed(r, self.FAMILY)
        first = _any(r, self.GIVEN)
        second = _any(r, self.GIVEN) if r.random() < 0.7 else None
        if r.random() >= self.latin_share:
            return family[0] + first[0] + (second[0] if second else "")
        return f"{family[1]} {first[1].capitalize()}{second[1] if second else ''}"


class Kanji:
    """Japanese names in kanji, family name first with a space (三笘 薫); many family names are two generated
    characters, as most Japanese family names are."""

    FAMILY = _w(
        "佐藤 鈴木 高橋 田中 伊藤 渡辺 山本 中村 小林 加藤 吉田 山田 佐々木 山口 松本 井上 木村 林 斎藤 清水 山崎 森 "
        "池田 橋本 阿部 石川 山下 中島 石井 小川 前田 岡田 長谷川 藤田 後藤 近藤 村上 遠藤 青木 坂本 福田 太田 西村 "
        "藤井 金子 岡本 藤原 中野 三浦 原田 中川 松田 竹内 小野 田村 中山 和田 石田 森田 上田 原 内田 柴田 酒井 宮崎 "
        "横山 高木 安藤 宮本 大野 小島 谷口 今井 工藤 高田 増田 丸山 杉山 村田 大塚 新井 小山 平野 久保 三笘 冨安 鎌田 "
        "堂安 南野 守田 上田 古橋 伊東 板倉 谷口 菅原 浅野")
    FIRST = _w("山 川 田 中 本 木 村 井 野 藤 原 松 小 大 高 石 林 上 下 島 岡 西 東 北 南 宮 森 沢 谷 崎 口 内 池 竹 "
               "橋 関 浜 平 吉 佐 伊 加 清 水 永 長 福 桜 杉 菊 堀 柳 荒 金 黒 白 青 赤 今 古 新 土 千 万 菅 浅 冨")
    GIVEN = _w(
        "翔 大翔 蓮 陽翔 湊 樹 悠真 大和 陽太 拓海 健太 翔太 大輝 颯太 航 薫 律 大地 建英 健洋 拓実 圭佑 真司 佑都 "
        "岳 勇気 慎吾 雄大 直樹 亮 優 秀人 一輝 陸 蒼 新 湊斗 颯 悠人 英寿 純也 京吾 大然 洸一 亘 碧 朝陽 陽向 "
        "悠斗 結翔 蒼空 一颯 瑛太 海斗 奏太 智也 和也 達也 誠 浩二 隆之")

    def __call__(self, r):
        if r.random() < 0.45:
            family = _any(r, self.FIRST) + _any(r, self.FIRST)
        else:
            family = _skewed(r, self.FAMILY)
        return f"{family} {_skewed(r, self.GIVEN)}"


class Cyrillic:
    """Russian and Ukrainian names in Cyrillic (Фёдор Смолов), generated family names included; `latin_share` of
    them transliterated (Fyodor Smolov)."""

    TRANSLIT = {
        "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "yo", "ж": "zh", "з": "z", "и": "i",
        "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
        "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "",
        "э": "e", "ю": "yu", "я": "ya", "і": "i", "ї": "yi", "є": "ye", "ґ": "g",
    }

    def __init__(self, given, family, generator, latin_share, rare=0.4):
        self.given = _w(given)
        self.family = _w(family)
        self.generator = generator
        self.latin_share = latin_share
        self.rare = rare

    @classmethod
    def transliterate(cls, text):
        out = []
        for ch in text:
            low = ch.lower()
            latin = cls.TRANSLIT.get(low)
            if latin is None:
                out.append(ch)
            else:
                out.append(latin.capitalize() if ch != low else latin)
        return "".join(out)

    def __call__(self, r):
        family = self.generator(r) if r.random() < self.rare else _skewed(r, self.family)
        name = f"{_skewed(r, self.given)} {family}"
        return self.transliterate(name) if r.random() < self.latin_share else name


RUSSIAN = Cyrillic(
    "Александр Алексей Андрей Артём Владимир Дмитрий Евгений Иван Игорь Кирилл Максим Михаил Никита Николай Павел "
    "Роман Сергей Фёдор Юрий Денис Антон Олег Вячеслав Егор Илья Константин Матвей Даниил Тимофей Арсений Станислав",
    "Иванов Смирнов Кузнецов Попов Васильев Петров Соколов Михайлов Новиков Фёдоров Морозов Волков Алексеев Лебедев "
    "Семёнов Егоров Павлов Козлов Степанов Николаев Орлов Андреев Макаров Никитин Захаров Зайцев Соловьёв Борисов "
    "Яковлев Григорьев Романов Воробьёв Сергеев Кузьмин Фролов Александров Дмитриев Королёв Гусев Киселёв Ильин "
    "Максимов Поляков Сорокин Виноградов Ковалёв Белов Медведев Антонов Тарасов Жуков Баранов Филиппов Комаров "
    "Давыдов Беляев Герасимов Богданов Осипов Сидоров Матвеев Титов Марков Миронов Крылов Куликов Карпов Власов "
    "Мельников Денисов Гаврилов Тихонов Казаков Афанасьев Данилов Смолов Дзюба Головин Акинфеев Миранчук Сафонов",
    Syllables(
        "Бел Бор Вол Гор Дуб Жук Зай Кол Кор Лап Мор Нос Пет Рыб Сок Тих Хол Чер Шап Бар Вер Гол Друж Жел Зве Кра "
        "Лес Мед Нес Пес Раз Сем Тур Фил Хар Цвет Чуд Шир Щер Ярц",
        "а о е ин ан ен уш ык ал ор ет",
        "ов ев ёв ин ын ский цкий ич ко ых"),
    latin_share=0.3)

UKRAINIAN = Cyrillic(
    "Михайло Олександр Артем Віктор Андрій Руслан Микола Ілля Віталій Анатолій Георгій Роман Тарас Богдан Євген "
    "Сергій Володимир Дмитро Ярослав Владислав",
    "Мудрик Зінченко Довбик Циганков Ярмоленко Маліновський Шапаренко Судаков Забарний Матвієнко Миколенко Трубін "
    "Лунін Яремчук Шевченко Ковальчук Бондаренко Ткаченко Кравченко Коваленко Олійник Шевчук Поліщук Бойко",
    Syllables(
        "Бон Гонч Дор Зін Кав Ков Крав Лис Мель Олій Пан Сав Ткач Фед Хом Шев Яр Бут Гай Дем Жур Кир Мар Пил",
        "а о е і ан ен ин ар",
        "енко чук ук ський ич ак юк ець ишин"),
    latin_share=0.45)


class Greek:
    """Greek names in Greek script, accents included (Γιώργος Παπαδόπουλος), generated family names too; some
    transliterated."""

    def __init__(self):
        self.given = _w("Γιώργος Κωνσταντίνος Δημήτρης Νίκος Παναγιώτης Βασίλης Χρήστος Αθανάσιος Ιωάννης Σωκράτης "
                        "Αναστάσιος Θανάσης Κώστας Τάσος Ευάγγελος Μανώλης Στέλιος Φώτης Λάμπρος Ηλίας")
        self.family = _w("Παπαδόπουλος Παπαδάκης Γεωργίου Οικονόμου Μάνταλος Μασούρας Παυλίδης Τζολάκης Μαυροπάνος "
                         "Τσιμίκας Μπακασέτας Βλαχοδήμος Χατζηδιάκος Ιωαννίδης Κωνσταντέλιας Πέλκας Ζέκας Σιόβας")
        self.generator = Syllables(
            "Παπα Γεωργ Κωνσταντ Δημητρ Νικολ Βασιλ Χρηστ Αθανασ Ιωανν Σταυρ Μιχαλ Αλεξ Καρα Μαυρ Τσαν Λαμπρ Ζαχαρ",
            "ο α ι ε",
            "όπουλος άκης ίδης ίου άτος έας άς ίνης όγλου")
        self.latin = Latin("Giorgos Konstantinos Dimitris Nikos Panagiotis Vasilis Christos Anastasios Kostas "
                           "Tasos Vangelis Manolis Stelios Fotis Lambros",
                           "Papadopoulos Mantalos Masouras Pavlidis Tzolis Mavropanos Tsimikas Bakasetas "
                           "Vlachodimos Ioannidis Konstantelias Pelkas Siovas Giakoumakis Karetsas",
                           Syllables("Papa Georg Konstant Dimitr Nikol Vasil Christ Athanas Ioann Stavr Michal Kara "
                                     "Mavr Tsan Lambr Zachar", "o a i e",
                                     "opoulos akis idis iou atos eas as inis oglou"), rare=0.45)

    def __call__(self, r):
        if r.random() < 0.4:
            return self.latin(r)
        family = self.generator(r) if r.random() < 0.45 else _skewed(r, self.family)
        return f"{_skewed(r, self.given)} {family}"


class ArabicScript:
    """Names in Arabic script (محمد الدوسري), with generated nisba family names (ال + root + ي)."""

    GIVEN = _w("محمد أحمد عمر يوسف خالد سالم فهد عبدالله علي حسن سعود ياسر سلمان ناصر فيصل")
    FAMILY = _w("الدوسري الشهري الفرج العويس البليهي الغنام عفيف الهيدوس صلاح النني حجازي الشناوي عبدالمنعم فتحي "
                "مرموش السولية البريك كنو المالكي")
    LETTERS = list("بتجحخدرزسشصطعغفقكلمنهو")

    def __call__(self, r):
        if r.random() < 0.45:
            root = "".join(_any(r, self.LETTERS) for _ in range(3))
            family = "ال" + root[:2] + ("ا" if r.random() < 0.4 else "") + root[2] + "ي"
        else:
            family = _skewed(r, self.FAMILY)
        return f"{_skewed(r, self.GIVEN)} {family}"


class Vietnamese:
    """Vietnamese names, family name first, with their many accents (Nguyễn Quang Hải)."""

    FAMILY = _w("Nguyễn Trần Lê Phạm Hoàng Huỳnh Phan Vũ Võ Đặng Bùi Đỗ Hồ Ngô Dương Lý Đoàn Lương Trịnh Đinh")
    MIDDLE = _w("Văn Đức Quang Minh Hoàng Công Thành Xuân Tiến Hữu Ngọc Trọng Duy Thanh Anh Tuấn Việt")
    GIVEN = _w("Hải Phượng Toàn Hậu Lâm Dũng Huy Hùng Tuấn Khánh Long Phúc Thắng Tài Trường Linh Nam Sơn Bình Cường "
               "Đạt Hiếu Hoà Kiên Lộc Mạnh Nghĩa Phong Quân Quyết Tâm Thịnh Trí Trung Tú Vinh Vũ Việt Thành Đông Khoa "
               "An Bảo Chiến Giang Hưng Khang Khôi Nhân Phát Quý Tín Toản Xuân Yên")

    def __call__(self, r):
        return f"{_skewed(r, self.FAMILY)} {_any(r, self.MIDDLE)} {_any(r, self.GIVEN)}"


class Mononym:
    """A single name, as Brazilian players are known (Rodrygo), or a generated nickname (`Zé` + surname)."""

    def __init__(self, names, latin):
        self.names = names
        self.latin = latin

    def __call__(self, r):
        if r.random() < 0.5:
            return _skewed(r, self.names)
        return _any(r, ("Zé ", "Léo ", "Dudu ", "Juninho ", "Gabriel ", "Pedro ")) + self.latin.family_name(r)


class Basque:
    """A Basque given name and one or two Basque family names (Mikel Oyarzabal Ugarte)."""

    def __init__(self, spanish):
        self.spanish = spanish

    def __call__(self, r):
        given = _any(r, ("Mikel", "Unai", "Aitor", "Oihan", "Gorka", "Asier", "Ander", "Iñaki", "Julen", "Jon",
                         "Ibai", "Aritz", "Iker", "Beñat", "Xabi", "Ekaitz"))
        family = BASQUE(r)
        second = BASQUE(r) if r.random() < 0.5 else self.spanish.family_name(r)
        return f"{given} {family} {second}"


# MARK: - Nations


def _mix(*entries):
    """A nation's naming styles: (weight, style) pairs, drawn by weight."""
    total = sum(weight for weight, _ in entries)
    bounds, styles, running = [], [], 0.0
    for weight, style in entries:
        running += weight / total
        bounds.append(running)
        styles.append(style)
    bounds[-1] = 1.0
    return bounds, styles


HANGUL = Hangul(latin_share=0.35)
HANZI = Hanzi(latin_share=0.3)
KANJI = Kanji()
GREEK = Greek()
ARABIC_SCRIPT = ArabicScript()
VIETNAMESE = Vietnamese()
BRAZIL_MONONYM = Mononym(BRAZILIAN_NICKNAMES, PORTUGUESE)
BASQUE_NAMES = Basque(SPANISH)

# Nationality, weight, naming styles. Mixed nations mix their traditions.
NATIONS = [
    ("England", 8, _mix((0.85, ENGLISH), (0.08, WEST_AFRICAN), (0.04, PORTUGUESE), (0.03, ARABIC_LATIN))),
    ("Spain", 7, _mix((0.85, SPANISH), (0.1, BASQUE_NAMES), (0.05, WEST_AFRICAN))),
    ("Germany", 6, _mix((0.78, GERMAN), (0.1, TURKISH), (0.06, WEST_AFRICAN), (0.06, BALKAN))),
    ("France", 7, _mix((0.65, FRENCH), (0.2, WEST_AFRICAN), (0.12, ARABIC_LATIN), (0.03, PORTUGUESE))),
    ("Italy", 6, _mix((0.95, ITALIAN), (0.05, WEST_AFRICAN))),
    ("Brazil", 7, _mix((0.8, PORTUGUESE), (0.2, BRAZIL_MONONYM))),
    ("Argentina", 5, _mix((0.85, SPANISH), (0.15, ITALIAN))),
    ("Portugal", 4, _mix((0.92, PORTUGUESE), (0.08, WEST_AFRICAN))),
    ("Netherlands", 4, _mix((0.85, DUTCH), (0.1, WEST_AFRICAN), (0.05, ARABIC_LATIN))),
    ("Belgium", 3, _mix((0.5, DUTCH), (0.3, FRENCH), (0.15, WEST_AFRICAN), (0.05, ARABIC_LATIN))),
    ("Japan", 4, _mix((0.6, KANJI), (0.4, ROMAJI))),
    ("South Korea", 4, _mix((1, HANGUL),)),
    ("China", 3, _mix((1, HANZI),)),
    ("Norway", 1.5, _mix((1, NORDIC),)),
    ("Denmark", 1.5, _mix((1, NORDIC),)),
    ("Sweden", 1.5, _mix((0.85, NORDIC), (0.15, BALKAN))),
    ("Finland", 0.5, _mix((1, NORDIC),)),
    ("Iceland", 0.3, _mix((1, NORDIC),)),
    ("Croatia", 1.5, _mix((1, BALKAN),)),
    ("Serbia", 2, _mix((0.7, BALKAN), (0.3, RUSSIAN))),
    ("Bosnia and Herzegovina", 0.6, _mix((1, BALKAN),)),
    ("Slovenia", 0.4, _mix((1, BALKAN),)),
    ("Poland", 2, _mix((1, POLISH),)),
    ("Czechia", 1, _mix((1, CZECH),)),
    ("Slovakia", 0.5, _mix((0.8, CZECH), (0.2, HUNGARIAN))),
    ("Hungary", 0.8, _mix((1, HUNGARIAN),)),
    ("Romania", 1, _mix((1, ROMANIAN),)),
    ("Morocco", 2, _mix((0.85, ARABIC_LATIN), (0.15, ARABIC_SCRIPT))),
    ("Algeria", 1, _mix((1, ARABIC_LATIN),)),
    ("Tunisia", 0.7, _mix((1, ARABIC_LATIN),)),
    ("Egypt", 1.5, _mix((0.7, ARABIC_LATIN), (0.3, ARABIC_SCRIPT))),
    ("Saudi Arabia", 1, _mix((0.5, ARABIC_LATIN), (0.5, ARABIC_SCRIPT))),
    ("Qatar", 0.4, _mix((0.6, ARABIC_LATIN), (0.4, ARABIC_SCRIPT))),
    ("Senegal", 1.5, _mix((1, WEST_AFRICAN),)),
    ("Côte d'Ivoire", 1.5, _mix((1, WEST_AFRICAN),)),
    ("Nigeria", 2, _mix((1, WEST_AFRICAN),)),
    ("Ghana", 1, _mix((1, WEST_AFRICAN),)),
    ("Cameroon", 0.8, _mix((1, WEST_AFRICAN),)),
    ("Mali", 0.6, _mix((1, WEST_AFRICAN),)),
    ("Türkiye", 2, _mix((1, TURKISH),)),
    ("Georgia", 0.5, _mix((1, GEORGIAN),)),
    ("Iran", 1, _mix((1, PERSIAN),)),
    ("Greece", 1, _mix((1, GREEK),)),
    ("Russia", 2.5, _mix((1, RUSSIAN),)),
    ("Ukraine", 1.5, _mix((1, UKRAINIAN),)),
    ("United States", 3, _mix((0.65, ENGLISH), (0.25, SPANISH), (0.1, WEST_AFRICAN))),
    ("Canada", 1, _mix((0.7, ENGLISH), (0.2, FRENCH), (0.1, WEST_AFRICAN))),
    ("Australia", 1, _mix((0.8, ENGLISH), (0.1, BALKAN), (0.1, GREEK))),
    ("Scotland", 1, _mix((1, ENGLISH),)),
    ("Wales", 0.7, _mix((1, ENGLISH),)),
    ("Republic of Ireland", 0.8, _mix((1, ENGLISH),)),
    ("Switzerland", 1.5, _mix((0.55, GERMAN), (0.25, FRENCH), (0.1, ALBANIAN), (0.1, ITALIAN))),
    ("Austria", 1, _mix((0.85, GERMAN), (0.15, BALKAN))),
    ("Albania", 0.4, _mix((1, ALBANIAN),)),
    ("Mexico", 3, _mix((1, SPANISH),)),
    ("Colombia", 2, _mix((1, SPANISH),)),
    ("Uruguay", 1.5, _mix((0.8, SPANISH), (0.2, ITALIAN))),
    ("Chile", 1, _mix((1, SPANISH),)),
    ("Peru", 0.8, _mix((1, SPANISH),)),
    ("Ecuador", 0.8, _mix((1, SPANISH),)),
    ("Paraguay", 0.6, _mix((1, SPANISH),)),
    ("Venezuela", 0.6, _mix((1, SPANISH),)),
    ("Vietnam", 1, _mix((1, VIETNAMESE),)),
]

_TOTAL = sum(weight for _, weight, _ in NATIONS)
_BOUNDS = []
_running = 0.0
for _nation in NATIONS:
    _running += _nation[1] / _TOTAL
    _BOUNDS.append(_running)
_BOUNDS[-1] = 1.0


def nation(r):
    """A nationality, by weight: (name, styles)."""
    entry = NATIONS[bisect.bisect_left(_BOUNDS, r.random())]
    return entry[0], entry[2]


def name_for(r, styles):
    """A name in one of the nation's styles."""
    bounds, choices = styles
    return choices[bisect.bisect_left(bounds, r.random())](r)


# MARK: - Counting words


_NOT_WORD = re.compile(r"[\W_]+")
_STROKES = str.maketrans({"ø": "o", "Ø": "o", "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ß": "ss", "æ": "ae",
                          "Æ": "ae", "ı": "i", "þ": "th", "Þ": "th", "ð": "d", "Ð": "d", "œ": "oe", "Œ": "oe"})


def search_words(token):
    """The words rosterdb's name search sees in one white-space-separated token: case and accents folded, split at
    anything that is not a letter or a digit (so `Heung-min` is `heung` and `min`)."""
    decomposed = unicodedata.normalize("NFKD", token.translate(_STROKES))
    folded = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()
    return [word for word in _NOT_WORD.split(folded) if word]
