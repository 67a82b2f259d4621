// The header's friends online (lobby/online.py, docs/friends.md): one [data-online-friend] each, with its
// data-activity (lobby, table, tournament), the person's name (their page), what they are doing, the way
// there (join when a public table has a free seat, watch otherwise; a private table shows only its game),
// and a challenge. The list comes with the page, again when the site socket opens ("online_friends"), and
// each change as a "friend_presence" frame (the entry, or null: gone or hidden).

const box = document.getElementById("online-friends");
const list = document.getElementById("online-friends-list");
const friends = new Map();

function fill(template, values) {
  return template.replace(/%\((\w+)\)s/g, (_, key) => (key in values ? values[key] : ""));
}

function link(text, href, cls) {
  const a = document.createElement("a");
  a.href = href;
  a.className = cls;
  a.textContent = text;
  return a;
}

function item(friend, S) {
  const li = document.createElement("li");
  li.className = "online-friend";
  li.dataset.onlineFriend = String(friend.id);
  li.dataset.activity = friend.activity;
  const dot = document.createElement("span");
  dot.className = "online-friend__dot";
  dot.setAttribute("aria-hidden", "true");
  const name = link(friend.name, friend.url, "online-friend__name");
  name.dataset.playerLink = "";
  const doing = document.createElement("span");
  doing.className = "online-friend__doing";
  const game = S.game_names[friend.game] || friend.game;
  doing.textContent =
    friend.activity === "table" ? fill(S.at_table, { game }) : friend.activity === "tournament" ? S.in_tournament : S.in_lobby;
  li.append(dot, name, doing);
  const ways = document.createElement("span");
  ways.className = "online-friend__ways";
  if (friend.link) {
    const label = friend.activity === "tournament" ? S.open : friend.join ? S.join : S.watch;
    const go = link(label, friend.link, "online-friend__go");
    go.dataset[friend.activity === "tournament" ? "onlineOpen" : friend.join ? "onlineJoin" : "onlineWatch"] = "";
    ways.append(go);
  }
  const challenge = link(S.challenge, friend.challenge, "online-friend__challenge");
  challenge.dataset.challenge = String(friend.id);
  challenge.setAttribute("aria-label", fill(S.challenge_label, { name: friend.name }));
  ways.append(challenge);
  li.append(ways);
  return li;
}

function draw(S) {
  const shown = [...friends.values()].sort((a, b) => a.name.localeCompare(b.name));
  list.replaceChildren(...shown.map((friend) => item(friend, S)));
  box.hidden = shown.length === 0;
  // The friends page marks those online too ([data-friend-online]), live.
  document.querySelectorAll("[data-friend]").forEach((li) => {
    li.toggleAttribute("data-friend-online", friends.has(Number(li.dataset.friend)));
  });
}

export function friendsOnline(S, announce) {
  const first = document.getElementById("mesa-online-friends");
  (first ? JSON.parse(first.textContent) : []).forEach((friend) => friends.set(friend.id, friend));
  draw(S);
  return function handle(msg) {
    if (msg.type === "online_friends") {
      friends.clear();
      msg.friends.forEach((friend) => friends.set(friend.id, friend));
    } else if (msg.type === "friend_presence") {
      const was = friends.has(msg.id);
      if (msg.friend) friends.set(msg.id, msg.friend);
      else friends.delete(msg.id);
      if (msg.friend && !was) announce(fill(S.came_online, { name: msg.friend.name }));
    } else {
      return false;
    }
    draw(S);
    return true;
  };
}
