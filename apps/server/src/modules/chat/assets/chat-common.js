/* Loaded before the member's chat page script: the calls of the chat API, a message's list item and
   the insertion of messages in id order. Text is only ever set with textContent. */
/* global document, window */
'use strict';

window.klChat = (function chatCommon() {
  /**
   * The chat API for a page: JSON in, the envelope's value out; a failure throws an Error with the
   * server's message (or `fallbackMessage(status)`) and the HTTP status.
   */
  function createApi(locale, fallbackMessage) {
    return async function api(method, path, body, extraHeaders) {
      const headers = { 'x-module-id': 'CBS3', 'accept-language': locale, ...extraHeaders };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(path, {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const envelope = await response.json().catch(() => null);
      if (!response.ok || !envelope || envelope.success !== true) {
        const error = new Error((envelope && envelope.message) || fallbackMessage(response.status));
        error.status = response.status;
        throw error;
      }
      return envelope.value;
    };
  }

  /** The list item of a message: its author, its text and its time. */
  function messageElement(message, { mine, author, time }) {
    const item = document.createElement('li');
    item.className = mine ? 'chat-message is-mine' : 'chat-message';
    item.dataset.id = String(message.id);
    const authorElement = document.createElement('span');
    authorElement.className = 'chat-author';
    authorElement.textContent = author;
    const text = document.createElement('p');
    text.className = 'chat-text';
    text.textContent = message.body;
    const timeElement = document.createElement('time');
    timeElement.className = 'chat-time';
    timeElement.dateTime = message.createdAt;
    timeElement.textContent = time;
    item.append(authorElement, text, timeElement);
    return item;
  }

  /**
   * Adds to `log` the messages not yet in `shown` (id → item), in id order, each drawn by `element`;
   * answers the oldest and newest ids shown, `ids` (0 while none is) moved by the messages added.
   */
  function addMessages(log, shown, messages, element, ids) {
    let { oldestId, newestId } = ids;
    for (const message of messages) {
      if (shown.has(message.id)) continue;
      const item = element(message);
      let before = null;
      for (const [id, existing] of shown) {
        if (id > message.id && (!before || id < Number(before.dataset.id))) before = existing;
      }
      log.insertBefore(item, before);
      shown.set(message.id, item);
      newestId = Math.max(newestId, message.id);
      oldestId = oldestId === 0 ? message.id : Math.min(oldestId, message.id);
    }
    return { oldestId, newestId };
  }

  /** Enter sends the form; Shift+Enter (and Enter while composing) writes a new line. */
  function submitOnEnter(input, form) {
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        form.requestSubmit();
      }
    });
  }

  return { createApi, messageElement, addMessages, submitOnEnter };
})();
