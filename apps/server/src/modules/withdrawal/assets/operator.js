/* The withdrawal operator's page: sign in with the operator token (kept in this page's memory only), list
   the pending withdrawals, mark one paid or reject it. Text is only ever set with textContent. */
/* global document, window */
'use strict';

(function withdrawalOperatorPage() {
  const root = document.getElementById('wd');
  if (!root) return;
  const texts = JSON.parse(root.dataset.texts || '{}');
  const locale = root.dataset.locale === 'en' ? 'en' : 'vi';
  const byId = (id) => document.getElementById(id);
  const signIn = byId('wd-signin');
  const tokenInput = byId('wd-token');
  const signOut = byId('wd-signout');
  const refresh = byId('wd-refresh');
  const status = byId('wd-status');
  const table = byId('wd-table');
  const rows = byId('wd-rows');
  const empty = byId('wd-empty');
  const money = new Intl.NumberFormat(locale === 'vi' ? 'vi-VN' : 'en-US');
  const when = new Intl.DateTimeFormat(locale === 'vi' ? 'vi-VN' : 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  let token = null;

  async function api(method, path, body) {
    const headers = {
      'x-module-id': 'FUNDTRANS3',
      'accept-language': locale,
      authorization: `Bearer ${token}`,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(path, {
      method,
      headers,
      credentials: 'omit',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = await response.json().catch(() => null);
    if (!response.ok || !envelope || envelope.success !== true) {
      const error = new Error((envelope && envelope.message) || texts.failed);
      error.status = response.status;
      error.code = envelope && envelope.code;
      throw error;
    }
    return envelope.value;
  }

  function showSignedIn(signedIn) {
    signIn.hidden = signedIn;
    signOut.hidden = !signedIn;
    refresh.hidden = !signedIn;
    table.hidden = !signedIn;
    if (!signedIn) {
      empty.hidden = true;
      rows.replaceChildren();
      tokenInput.focus();
    }
  }

  function cell(text, className) {
    const td = document.createElement('td');
    td.textContent = text;
    if (className) td.className = className;
    return td;
  }

  function row(item) {
    const tr = document.createElement('tr');
    tr.append(
      cell(when.format(new Date(item.createdAt))),
      cell(item.username),
      cell(`${money.format(item.amount)} ${item.currency}`, 'amount'),
      cell(`${item.bankName} · ${item.accountNumber} · ${item.accountName}`),
    );
    const actions = document.createElement('td');
    const approve = document.createElement('button');
    approve.type = 'button';
    approve.className = 'approve';
    approve.textContent = texts.approve;
    const reject = document.createElement('button');
    reject.type = 'button';
    reject.className = 'reject';
    reject.textContent = texts.reject;
    const act = async (path, body) => {
      approve.disabled = true;
      reject.disabled = true;
      try {
        const decision = await api('POST', path, body);
        status.textContent = decision.changed ? texts.done : texts.alreadyDone;
      } catch (error) {
        status.textContent = error.message;
      }
      await load();
    };
    approve.addEventListener('click', () => {
      if (window.confirm(texts.confirmApprove))
        void act('/api/withdrawal/ops/approve', { requestId: item.requestId });
    });
    reject.addEventListener('click', () => {
      const reason = window.prompt(texts.rejectReason, '');
      if (reason === null) return;
      void act('/api/withdrawal/ops/reject', { requestId: item.requestId, reason: reason.slice(0, 200) });
    });
    actions.append(approve, ' ', reject);
    tr.append(actions);
    return tr;
  }

  async function load() {
    try {
      const page = await api('GET', '/api/withdrawal/ops/requests?status=pending&pageSize=100');
      rows.replaceChildren(...page.list.map(row));
      empty.hidden = page.list.length > 0;
      showSignedIn(true);
    } catch (error) {
      if (error.status === 401) {
        token = null;
        showSignedIn(false);
        status.textContent = texts.wrongToken;
      } else {
        status.textContent = error.message;
      }
    }
  }

  signIn.addEventListener('submit', (event) => {
    event.preventDefault();
    token = tokenInput.value.trim();
    tokenInput.value = '';
    status.textContent = '';
    void load();
  });
  signOut.addEventListener('click', () => {
    token = null;
    status.textContent = '';
    showSignedIn(false);
  });
  refresh.addEventListener('click', () => {
    status.textContent = '';
    void load();
  });
  showSignedIn(false);
})();
