// The Undo button of the server's browser client: enabled only when the rules let this seat take back its
// last decision now (the server says so in every answer, as answer.undo), with the rules' refusal as its
// tooltip otherwise. Clicking it asks the server; the undo comes back like any change of the match.
(function () {
  "use strict";

  // Show whether this seat may undo, from the seat's answer.
  function show(button, answer) {
    var status = answer.undo;
    if (!status || answer.over) {
      button.disabled = true;
      button.title = answer.over ? "the game is over" : "";
      button.removeAttribute("data-code");
      return;
    }
    button.disabled = !status.allowed;
    button.title = status.allowed ? "Take back your last decision" : status.message;
    button.setAttribute("data-code", status.allowed ? "" : status.code);
    button.setAttribute("aria-label", "Undo: " + button.title);
  }

  // Wire the button: ask(step) posts the undo for the step the seat saw.
  function wire(button, currentStep, ask) {
    button.onclick = function () {
      var step = currentStep();
      if (step === null || button.disabled) { return; }
      button.disabled = true; // one request at a time; the answer enables it again if allowed
      ask({ step: step, undo: true });
    };
  }

  window.OfrendaUndo = { show: show, wire: wire };
})();
