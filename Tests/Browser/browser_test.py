#!/usr/bin/env python3
"""The web page in a real browser: Chromium, headless, driven by Selenium through chromedriver.

Usage: browser_test.py BASE_URL SCREENSHOT_DIR [WRITE_URL]

With JavaScript turned off (the page needs none): open /, click the FW segment, sort by goals, search a Hangul
name, open the player, go back by the page's link and by the browser's, open the stats of the forwards and follow
a bar, follow a club's facet, and a suggestion for a club no player has; then the list at a phone's width. WRITE_URL,
a server of the same roster run with --write, must offer no write on any page either.
Screenshots of each step go to SCREENSHOT_DIR. Prints one line per step and exits non-zero at the first failure."""
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

BASE, SHOTS = sys.argv[1].rstrip("/"), sys.argv[2]
WRITABLE = sys.argv[3].rstrip("/") if len(sys.argv) > 3 else None
os.makedirs(SHOTS, exist_ok=True)


def browser(width, height, javascript, phone=False):
    options = webdriver.ChromeOptions()
    if phone:
        # A window cannot be narrower than 500 pixels; a phone's screen is emulated instead.
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
            "width": width, "height": height, "pixelRatio": 1}})
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", "--lang=en-US", "--hide-scrollbars"]:
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(30)
    return driver


def check(condition, message):
    if not condition:
        raise AssertionError(message)
    print(f"ok: {message}")


def query(driver):
    return urllib.parse.parse_qs(urllib.parse.urlparse(driver.current_url).query)


def column(driver, css):
    return [cell.text for cell in driver.find_elements(By.CSS_SELECTOR, f"tbody td.{css}")]


def follow(driver, element):
    """Clicks `element` and waits for the next page to replace this one."""
    page = driver.find_element(By.TAG_NAME, "html")
    element.click()
    WebDriverWait(driver, 30).until(expected_conditions.staleness_of(page))


def back(driver):
    page = driver.find_element(By.TAG_NAME, "html")
    driver.back()
    WebDriverWait(driver, 30).until(expected_conditions.staleness_of(page))


def shot(driver, name):
    driver.save_screenshot(os.path.join(SHOTS, name))


driver = browser(1100, 900, javascript=False)
try:
    driver.get(BASE + "/")
    check(driver.title == "Roster", "/ is the roster page")
    segments = [link.text for link in driver.find_elements(By.CSS_SELECTOR, "nav.segments a")]
    check([label.split(" ")[0] for label in segments] == ["All", "GK", "DF", "MF", "FW"],
          f"segments All · GK · DF · MF · FW with counts: {segments}")
    check(len(driver.find_elements(By.CSS_SELECTOR, "tbody tr")) == 20, "20 players on the first page")
    shot(driver, "1-list.png")

    follow(driver, driver.find_element(By.CSS_SELECTOR, "nav.segments a[href*='position=FW']"))
    check(query(driver).get("position") == ["FW"], "the FW segment filters on FW")
    current = driver.find_element(By.CSS_SELECTOR, "nav.segments a[aria-current='page']").text
    check(current.startswith("FW "), f"the FW segment is selected ({current})")
    forwards = {"LW", "RW", "SS", "CF", "ST", "FW"}
    check(set(column(driver, "position")) <= forwards, "every row plays up front")

    follow(driver, driver.find_element(By.CSS_SELECTOR, "th.goals a"))
    check(query(driver).get("sort") == ["goals:desc"] and query(driver).get("position") == ["FW"],
          "the G header sorts by goals, most first, and keeps the segment")
    goals = [int(value) for value in column(driver, "goals")]
    check(goals == sorted(goals, reverse=True) and len(goals) > 1, f"goals descend: {goals}")
    check(driver.find_element(By.CSS_SELECTOR, "th.goals").get_attribute("aria-sort") == "descending",
          "the sorted header says so")
    shot(driver, "2-forwards-by-goals.png")

    box = driver.find_element(By.CSS_SELECTOR, "input[name='name']")
    box.send_keys("손흥")
    follow(driver, driver.find_element(By.CSS_SELECTOR, "form button[type='submit']"))
    names = column(driver, "name")
    check(names == ["손흥민"], f"a Hangul search finds 손흥민: {names}")
    check(query(driver).get("name") == ["손흥"] and query(driver).get("sort") == ["goals:desc"],
          "the search keeps the segment and the order")
    shot(driver, "3-hangul-search.png")

    follow(driver, driver.find_element(By.LINK_TEXT, "손흥민"))
    check(driver.find_element(By.TAG_NAME, "h1").text == "손흥민", "the player's page opens")
    fields = {term.text: value.text for term, value in zip(driver.find_elements(By.TAG_NAME, "dt"),
                                                          driver.find_elements(By.TAG_NAME, "dd"))}
    check(fields.get("Position") == "LW (Left Winger)", f"position written out: {fields.get('Position')}")
    for label in ["Nationality", "Club", "Born", "Goals", "Assists", "Goal contributions", "Image"]:
        check(label in fields, f"the detail shows {label}: {fields.get(label)}")
    shot(driver, "4-detail.png")

    follow(driver, driver.find_element(By.CSS_SELECTOR, "a[rel='up']"))
    check(query(driver).get("name") == ["손흥"] and query(driver).get("position") == ["FW"]
          and column(driver, "name") == ["손흥민"], "the back link returns to the list as it was")
    back(driver)
    check(driver.find_element(By.TAG_NAME, "h1").text == "손흥민", "the browser's back goes to the player again")
    back(driver)
    check(column(driver, "name") == ["손흥민"], "and back once more to the search")

    driver.get(BASE + "/?position=FW&sort=goals:desc")
    follow(driver, driver.find_element(By.LINK_TEXT, "Stats of these players →"))
    check(driver.title == "Stats · Roster" and query(driver) == {"position": ["FW"]},
          "the list links to the stats of its players")
    headings = [heading.text for heading in driver.find_elements(By.TAG_NAME, "h2")]
    check(headings == ["Lines", "Positions", "Top 20 clubs", "Top 20 nationalities", "Age bands"],
          f"the stats show every grouping: {headings}")
    bar = driver.find_element(By.CSS_SELECTOR, "a.bar[title='ST'] span.fill")
    check(bar.size["width"] > 20, f"a bar is drawn without script ({bar.size['width']} px)")
    shot(driver, "5-stats.png")
    follow(driver, driver.find_element(By.CSS_SELECTOR, "a.bar[title='ST']"))
    check(query(driver).get("position") == ["ST"] and set(column(driver, "position")) == {"ST"},
          "a bar leads to the list of its players")

    driver.get(BASE + "/?position=FW")
    facet = driver.find_element(By.XPATH, "//section[@class='facets']//p[span='Clubs']/a[1]")
    club, count = facet.text.rsplit(" ", 1)
    counts = [int(link.text.rsplit(" ", 1)[1]) for link in
              driver.find_elements(By.XPATH, "//section[@class='facets']//p[span='Clubs']/a")]
    check(counts == sorted(counts, reverse=True) and int(count) > 1,
          f"the forwards' clubs come most players first: {counts}")
    follow(driver, facet)
    check(query(driver).get("club") == [club] and query(driver).get("position") == ["FW"],
          f"a club's facet filters the list by it ({club}) and keeps the segment")
    check(column(driver, "club") == [club] * int(count), f"its {count} players are listed")
    nationality = driver.find_element(By.XPATH, "//section[@class='facets']//p[span='Nationalities']/a[1]")
    named = nationality.text.rsplit(" ", 1)[0]
    follow(driver, nationality)
    check(query(driver).get("nationality") == [named] and set(column(driver, "nationality")) == {named},
          f"a nationality's facet filters the list by it ({named})")
    shot(driver, "7-facet.png")

    driver.get(BASE + "/?club=manchester%20united")
    suggestion = driver.find_element(By.CSS_SELECTOR, "p.suggestion")
    check("did you mean" in suggestion.text.lower() and "Manchester City" in suggestion.text,
          f"a club no player has suggests one: {suggestion.text}")
    check(column(driver, "name") == [] and not driver.find_elements(By.CSS_SELECTOR, "section.facets"),
          "the list is empty, without facets")
    follow(driver, suggestion.find_element(By.LINK_TEXT, "Manchester City"))
    check(query(driver).get("club") == ["Manchester City"], "the suggestion leads to that club's list")
    clubs = column(driver, "club")
    check(clubs == ["Manchester City"] * 2, f"with its players: {column(driver, 'name')}")
    shot(driver, "8-suggestion-followed.png")
finally:
    driver.quit()

if WRITABLE:
    # The server writes: a DELETE of no player is 404, where a read-only server answers 405.
    request = urllib.request.Request(WRITABLE + "/api/players/999999", method="DELETE")
    try:
        urllib.request.urlopen(request)
        status = 200
    except urllib.error.HTTPError as error:
        status = error.code
    check(status == 404, f"the second server takes writes (DELETE of no player: {status})")
    driver = browser(1100, 900, javascript=False)
    try:
        for path in ["/", "/?position=FW&sort=goals:desc", "/?club=manchester%20united", "/players/15", "/stats"]:
            driver.get(WRITABLE + path)
            check(driver.find_elements(By.TAG_NAME, "h1"), f"{path} is a page of the server run with --write")
            forms = driver.find_elements(By.TAG_NAME, "form")
            methods = [(form.get_attribute("method") or "get").lower() for form in forms]
            actions = [urllib.parse.urlparse(form.get_attribute("action") or "").path for form in forms]
            check(all(method == "get" for method in methods) and all(not action.startswith("/api") for action in actions),
                  f"{path}: no form posts, none sends to the API ({list(zip(methods, actions))})")
            # The one form is the list's search: inputs of text to find players, and hidden ones keeping the order.
            fields = driver.find_elements(By.CSS_SELECTOR, "input, textarea, select, button, [contenteditable]")
            editing = [field.get_attribute("outerHTML") for field in fields
                       if (field.tag_name != "button" and field.get_attribute("type") not in ("search", "text", "hidden"))
                       or not field.find_elements(By.XPATH, "ancestor::form[@method='get' and @role='search']")]
            check(not editing, f"{path}: no field edits a player: {editing}")
            if path.startswith("/players/") or path == "/stats":
                check(not fields, f"{path}: no field at all")
    finally:
        driver.quit()

phone = browser(390, 844, javascript=False, phone=True)
try:
    phone.get(BASE + "/?position=FW&sort=goals:desc")
    body = phone.find_element(By.TAG_NAME, "body").rect
    table = phone.find_element(By.CSS_SELECTOR, "div.table").rect
    check(body["width"] <= 390 and table["x"] + table["width"] <= 390,
          f"at a phone's width nothing runs off the side (body {body['width']}, table ends at "
          f"{table['x'] + table['width']})")
    for css in ["name", "position", "club", "goals", "assists"]:
        check(phone.find_element(By.CSS_SELECTOR, f"th.{css}").is_displayed(), f"the {css} column stays on a phone")
    for css in ["nationality", "age"]:
        check(not phone.find_element(By.CSS_SELECTOR, f"th.{css}").is_displayed(),
              f"the {css} column gives way on a phone")
    facets = phone.find_element(By.CSS_SELECTOR, "section.facets").rect
    check(facets["x"] + facets["width"] <= 390, f"the facets wrap within the width (end at {facets['x'] + facets['width']})")
    shot(phone, "6-phone.png")
finally:
    phone.quit()
print("browser test passed")
