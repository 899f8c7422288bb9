// chainlab's worker: the same wasm module as the page, holding the built-in
// computer players and the game analyses so that their searches never hold
// up the page's frames (src/gui/platform/web/worker.rs). Each message is
// one request (JSON text); an answer, when there is one, goes back as one
// message. Between messages an analysis goes on one position at a time,
// so a request that arrives meanwhile (a cancel, a move) waits for at most
// one position. Requests that arrive while the module loads wait, in order.
import init, { chainlab_worker, chainlab_worker_step } from "./chainlab.js";

const waiting = [];
let ready = false;
let pumping = false;

self.onmessage = (event) => {
  if (ready) {
    answer(event.data);
  } else {
    waiting.push(event.data);
  }
};

function answer(request) {
  send(chainlab_worker(request));
  pump();
}

function send(reply) {
  if (reply !== undefined && reply !== null) {
    self.postMessage(reply);
  }
}

// Background work, one piece per task, so that messages get in between.
function pump() {
  if (pumping) return;
  pumping = true;
  setTimeout(function piece() {
    const reply = chainlab_worker_step();
    if (reply === undefined || reply === null) {
      pumping = false;
      return;
    }
    send(reply);
    setTimeout(piece, 0);
  }, 0);
}

await init();
ready = true;
for (const request of waiting.splice(0)) {
  answer(request);
}
