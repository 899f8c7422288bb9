// chainlab's worker: the same wasm module as the page, holding the built-in
// computer players so that their searches never hold up the page's frames
// (src/gui/platform/web/worker.rs). Each message is one request (JSON text);
// an answer, when there is one, goes back as one message. Requests that
// arrive while the module loads wait, in order.
import init, { chainlab_worker } from "./chainlab.js";

const waiting = [];
let ready = false;
self.onmessage = (event) => {
  if (ready) {
    answer(event.data);
  } else {
    waiting.push(event.data);
  }
};

function answer(request) {
  const reply = chainlab_worker(request);
  if (reply !== undefined && reply !== null) {
    self.postMessage(reply);
  }
}

await init();
ready = true;
for (const request of waiting.splice(0)) {
  answer(request);
}
