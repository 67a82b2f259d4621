// A page's socket with the heartbeat of docs/protocol.md: a ping every few seconds; no answer in time
// and the socket is abandoned, whatever its readyState, and a new one opened after a backoff with
// jitter (at once on the browser's "online" event). Used by the lobby (/ws/lobby/) and by every other
// page's notifications (/ws/site/); the table has its own in table.js.
//
// keepOpen(path, { pingMs, timeoutMs, onOpen(socket), onFrame(msg), onLost(code, attempt) }) returns
// { send(msg) }: send is dropped while no socket is open.

export function keepOpen(path, { pingMs = 3000, timeoutMs = 4000, onOpen = () => {}, onFrame, onLost = () => {} }) {
  let ws = null;
  let dead = true;
  let attempt = 0;
  let pingTimer = null;
  let pongTimer = null;
  let retryTimer = null;

  function abandon(socket, code = 1006) {
    if (socket !== ws || dead) return;
    dead = true;
    clearTimeout(pingTimer);
    clearTimeout(pongTimer);
    try { socket.close(); } catch (e) { /* dropped either way */ }
    onLost(code, attempt);
    // 4401: the session ended; 4409: too many tabs: reconnecting would not help.
    if (code === 4401 || code === 4409) return;
    const cap = Math.min(3000, 500 * 2 ** attempt);
    attempt += 1;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, cap / 2 + Math.random() * cap / 2);
  }

  function ping(socket) {
    clearTimeout(pingTimer);
    pingTimer = setTimeout(() => {
      if (socket !== ws || dead) return;
      socket.send(JSON.stringify({ action: "ping" }));
      pongTimer = setTimeout(() => abandon(socket), timeoutMs);
    }, pingMs);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}${path}`);
    ws = socket;
    dead = false;
    const opening = setTimeout(() => abandon(socket), pingMs + timeoutMs);
    socket.addEventListener("open", () => {
      if (socket !== ws) return;
      clearTimeout(opening);
      attempt = 0;
      ping(socket);
      onOpen(socket);
    });
    socket.addEventListener("message", (event) => {
      if (socket !== ws || dead) return;
      const msg = JSON.parse(event.data);
      if (msg.type === "pong") { clearTimeout(pongTimer); ping(socket); return; }
      if (msg.type === "ping") { socket.send(JSON.stringify({ action: "pong" })); return; }
      onFrame(msg);
    });
    socket.addEventListener("close", (event) => { clearTimeout(opening); abandon(socket, event.code); });
  }

  window.addEventListener("offline", () => abandon(ws));
  window.addEventListener("online", () => {
    if (!dead) return;
    clearTimeout(retryTimer);
    attempt = 0;
    connect();
  });
  connect();
  return {
    send(msg) {
      if (ws && !dead && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
    },
  };
}
