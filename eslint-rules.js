/**
 * The project's own lint rules (issue 31), loaded by eslint.config.js as the plugin `local`.
 * eslint-rules.test.ts runs each on a snippet that must fail and one that must pass.
 *
 * - no-plain-secret-compare (server code): secrets, signatures, tokens, hashes, MACs, digests,
 *   passwords and codes are compared in constant time (crypto's timingSafeEqual after a length check,
 *   as src/server/lib/card-event-signature.ts does), never with ===/!== or Buffer's equals(), which
 *   stop at the first differing byte.
 * - no-every-without-length (tests): `expect(list.every(…)).toBe(true)` passes on an empty list;
 *   assert the list's length first.
 * - no-conditional-expect (tests): an expect inside an `if` with no else is skipped when the
 *   condition is false, and the test passes having checked nothing. Not in a property's callback
 *   (fc.property), where an if over the drawn case is an implication and both sides are drawn.
 * - no-fixed-sleep (tests): a fixed sleep is either too short (a flaky test) or too long (a slow
 *   one); wait for a condition with a bound (vi.waitFor, expect.poll, Playwright's auto-waiting) or
 *   use fake timers.
 */

/** Names of things to compare in constant time, by the last word of the name (camelCase or snake_case). */
const SECRET_WORDS = new Set([
  'secret', 'secrets', 'signature', 'signatures', 'sig', 'token', 'tokens', 'hash', 'hashes', 'hmac', 'mac', 'digest',
  'password', 'passcode', 'otp', 'totp', 'nonce', 'verifier',
]);
/**
 * "code" alone is mostly a partner's code here (public, in every address): a code is a secret when
 * the word before it says so (otpCode, recovery_code, authorizationCode…).
 */
const SECRET_CODE_PREFIXES = new Set(['otp', 'totp', 'auth', 'authorization', 'verification', 'verify', 'recovery', 'backup', 'reset', 'login', 'sign', 'confirmation', 'access', 'one', 'pin', 'security', 'invite', 'magic']);
/** A value computed by one of these is a MAC, hash or signature, whatever its variable is called. */
const DIGEST_CALL = /\b(?:createHmac|createHash|hmac\w*|\w*Hmac\w*|mac|hash\w*|\w*Hash|digest|sign\w*)\s*\(/;

/** Methods that give the same value in another form. */
const SAME_VALUE_METHODS = new Set(['toString', 'toLowerCase', 'toUpperCase', 'trim', 'valueOf', 'toJSON']);

function findVariable(scope, name) {
  for (let s = scope; s; s = s.upper) {
    const found = s.set.get(name);
    if (found) return found;
  }
  return null;
}

function words(name) {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').toLowerCase().split(/[\s_$-]+/).filter(Boolean);
}

/**
 * The secret-looking name of an operand (`signature`, `row.tokenHash`, `hash(x)`, or a variable
 * set from a MAC, hash or signing call: `const expected = mac(body)`), or null.
 */
function secretName(node, context) {
  if (node.type === 'Identifier') {
    const variable = findVariable(context.sourceCode.getScope(node), node.name);
    const init = variable?.defs[0]?.node?.type === 'VariableDeclarator' ? variable.defs[0].node.init : null;
    if (init && DIGEST_CALL.test(context.sourceCode.getText(init))) return node.name;
  }
  let name = null;
  if (node.type === 'Identifier') name = node.name;
  else if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') name = node.property.name;
  else if (node.type === 'CallExpression') {
    // expected.toString('hex') is still the MAC; hash(x) is a hash.
    const callee = node.callee;
    if (callee.type === 'MemberExpression' && !callee.computed && SAME_VALUE_METHODS.has(callee.property.name)) return secretName(callee.object, context);
    return secretName(callee, context);
  }
  else if (node.type === 'TSNonNullExpression' || node.type === 'TSAsExpression') return secretName(node.expression, context);
  if (!name) return null;
  const w = words(name);
  const last = w.at(-1);
  if (last && SECRET_WORDS.has(last)) return name;
  if ((last === 'code' || last === 'codes') && w.length > 1 && SECRET_CODE_PREFIXES.has(w.at(-2))) return name;
  return null;
}

/** A constant, a typeof or an absence: nothing secret to leak by comparing with it. */
function isConstant(node) {
  if (node.type === 'Literal') return true;
  if (node.type === 'TemplateLiteral') return node.expressions.length === 0;
  if (node.type === 'Identifier') return node.name === 'undefined' || /^[A-Z][A-Z0-9_]*$/.test(node.name);
  if (node.type === 'UnaryExpression') return node.operator === 'typeof' || node.operator === 'void';
  if (node.type === 'MemberExpression') return !node.computed && node.property.type === 'Identifier' && /^[A-Z][A-Z0-9_]*$/.test(node.property.name);
  return false;
}

const noPlainSecretCompare = {
  meta: {
    type: 'problem',
    docs: { description: 'Compare secrets, signatures, tokens, hashes, MACs, digests, passwords and codes in constant time.' },
    schema: [],
    messages: {
      plain: "'{{name}}' looks like a secret (signature, token, hash, MAC, digest, password, one-time code): compare it in constant time with crypto's timingSafeEqual (lengths checked first, as src/server/lib/card-event-signature.ts does), not with {{operator}}.",
    },
  },
  create(context) {
    return {
      BinaryExpression(node) {
        if (!['===', '!==', '==', '!='].includes(node.operator)) return;
        const { left, right } = node;
        if (isConstant(left) || isConstant(right)) return;
        const name = secretName(left, context) ?? secretName(right, context);
        if (name) context.report({ node, messageId: 'plain', data: { name, operator: node.operator } });
      },
      // Buffer's a.equals(b) stops at the first differing byte too.
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.name !== 'equals' || node.arguments.length !== 1) return;
        const name = secretName(callee.object, context) ?? secretName(node.arguments[0], context);
        if (name) context.report({ node, messageId: 'plain', data: { name, operator: '.equals()' } });
      },
    };
  },
};

const isExpectCall = (node) =>
  node?.type === 'CallExpression' && (
    (node.callee.type === 'Identifier' && node.callee.name === 'expect') ||
    // expect.soft(…), expect.poll(…)
    (node.callee.type === 'MemberExpression' && node.callee.object.type === 'Identifier' && node.callee.object.name === 'expect')
  );

/** The identifier a chain starts from: `rows.map(f).filter(g)` → `rows`. */
function rootOf(node) {
  while (node) {
    if (node.type === 'Identifier') return node;
    if (node.type === 'MemberExpression') node = node.object;
    else if (node.type === 'CallExpression') node = node.callee;
    else if (node.type === 'TSNonNullExpression' || node.type === 'AwaitExpression') node = node.type === 'AwaitExpression' ? node.argument : node.expression;
    else return null;
  }
  return null;
}

const noEveryWithoutLength = {
  meta: {
    type: 'problem',
    docs: { description: 'expect(list.every(…)).toBe(true) passes on an empty list: assert the length first.' },
    schema: [],
    messages: {
      empty: '`expect({{list}}.every(…))` passes on an empty list: assert its length first (expect({{list}}.length).toBeGreaterThan(0), or toHaveLength(n)) in an earlier statement of the same block.',
    },
  },
  create(context) {
    const source = context.sourceCode;
    return {
      CallExpression(node) {
        if (!isExpectCall(node) || node.callee.type !== 'Identifier') return;
        const arg = node.arguments[0];
        if (arg?.type !== 'CallExpression' || arg.callee.type !== 'MemberExpression' || arg.callee.property.type !== 'Identifier' || arg.callee.property.name !== 'every') return;
        const list = arg.callee.object;
        const listText = source.getText(list);
        const root = rootOf(list);
        const accepted = new Set([listText, `${listText}.length`]);
        if (root) accepted.add(root.name).add(`${root.name}.length`);
        // An earlier statement of an enclosing block that asserts on the list (its length, its contents).
        let child = node;
        for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
          if (parent.type !== 'BlockStatement' && parent.type !== 'Program') continue;
          for (const statement of parent.body) {
            if (statement === child || statement.range[0] >= node.range[0]) break;
            if (assertsOn(statement, accepted, source)) return;
          }
          if (parent.type === 'BlockStatement' && /Function/.test(parent.parent?.type ?? '')) break;
        }
        context.report({ node, messageId: 'empty', data: { list: listText } });
      },
    };
  },
};

/** Whether `statement` holds an expect(…) whose subject is one of `accepted` (source texts). */
function assertsOn(statement, accepted, source) {
  let found = false;
  const visit = (n) => {
    if (found || !n || typeof n.type !== 'string') return;
    if (isExpectCall(n) && n.arguments[0] && accepted.has(source.getText(n.arguments[0]))) {
      found = true;
      return;
    }
    for (const key of Object.keys(n)) {
      if (key === 'parent') continue;
      const value = n[key];
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value.type === 'string') visit(value);
    }
  };
  visit(statement);
  return found;
}

/** fc.property(…, (x) => …) or fc.asyncProperty(…). */
function isPropertyCall(node) {
  return node?.type === 'CallExpression' && node.callee.type === 'MemberExpression' && !node.callee.computed
    && node.callee.object.type === 'Identifier' && node.callee.object.name === 'fc'
    && ['property', 'asyncProperty'].includes(node.callee.property.name);
}

/** A block that leaves (return, continue, break, throw): the code after its if is the else. */
function exits(statement) {
  const last = statement.type === 'BlockStatement' ? statement.body.at(-1) : statement;
  return ['ReturnStatement', 'ContinueStatement', 'BreakStatement', 'ThrowStatement'].includes(last?.type);
}

const noConditionalExpect = {
  meta: {
    type: 'problem',
    docs: { description: 'An expect inside an if with no else checks nothing when the condition is false.' },
    schema: [],
    messages: {
      conditional: 'This expect runs only when the `if` holds, and the test passes having checked nothing when it does not: make it unconditional (assert the condition, or which branch the test is in), or give the `if` an else that asserts too.',
    },
  },
  create(context) {
    return {
      CallExpression(node) {
        if (!isExpectCall(node)) return;
        // In a property (fc.property), an if over the drawn case is an implication, and fast-check
        // draws both sides of it: a case split, not a check that may never run.
        for (let a = node.parent; a; a = a.parent) if (/Function/.test(a.type) && isPropertyCall(a.parent)) return;
        let child = node;
        for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
          // A helper's body is judged where the helper is called, not here.
          if (parent.type === 'FunctionDeclaration') return;
          if (parent.type === 'IfStatement' && child === parent.consequent && !parent.alternate && !exits(parent.consequent)) {
            context.report({ node, messageId: 'conditional' });
            return;
          }
          if (parent.type === 'LogicalExpression' && child === parent.right && parent.parent?.type === 'ExpressionStatement') {
            context.report({ node, messageId: 'conditional' });
            return;
          }
        }
      },
    };
  },
};

const SLEEP_NAMES = new Set(['sleep', 'delay', 'wait', 'pause']);

const noFixedSleep = {
  meta: {
    type: 'problem',
    docs: { description: 'Wait for a condition with a bound, not for a fixed time.' },
    schema: [],
    messages: {
      sleep: 'A fixed sleep is too short on a slow machine and too long on a fast one: wait for the condition itself with a bound (vi.waitFor, expect.poll, Playwright\'s auto-waiting expect) or use fake timers (vi.useFakeTimers / advanceTimersByTimeAsync).',
    },
  },
  create(context) {
    const timerPromiseNames = new Set();
    const isTimeoutCall = (n) => n?.type === 'CallExpression' && n.callee.type === 'Identifier' && (n.callee.name === 'setTimeout' || timerPromiseNames.has(n.callee.name));
    return {
      ImportDeclaration(node) {
        if (node.source.value !== 'node:timers/promises' && node.source.value !== 'timers/promises') return;
        for (const s of node.specifiers) {
          if (s.type === 'ImportSpecifier' && s.imported.name === 'setTimeout') timerPromiseNames.add(s.local.name);
        }
      },
      // new Promise((r) => setTimeout(r, 100))
      NewExpression(node) {
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'Promise') return;
        const executor = node.arguments[0];
        if (!executor || !/Function/.test(executor.type)) return;
        const resolve = executor.params[0];
        if (resolve?.type !== 'Identifier') return;
        const body = executor.body.type === 'BlockStatement'
          ? (executor.body.body.length === 1 && executor.body.body[0].type === 'ExpressionStatement' ? executor.body.body[0].expression : null)
          : executor.body;
        if (body?.type === 'CallExpression' && body.callee.type === 'Identifier' && body.callee.name === 'setTimeout' && body.arguments[0]?.type === 'Identifier' && body.arguments[0].name === resolve.name) {
          context.report({ node, messageId: 'sleep' });
        }
      },
      CallExpression(node) {
        // page.waitForTimeout(100)
        if (node.callee.type === 'MemberExpression' && node.callee.property.type === 'Identifier' && node.callee.property.name === 'waitForTimeout') {
          context.report({ node, messageId: 'sleep' });
          return;
        }
        // await setTimeout(100) from node:timers/promises; await sleep(100)
        if (node.parent?.type !== 'AwaitExpression') return;
        if (isTimeoutCall(node) && timerPromiseNames.has(node.callee.name)) context.report({ node, messageId: 'sleep' });
        else if (node.callee.type === 'Identifier' && SLEEP_NAMES.has(node.callee.name) && node.arguments.length === 1 && node.arguments[0].type !== 'ObjectExpression') context.report({ node, messageId: 'sleep' });
      },
    };
  },
};

export default {
  meta: { name: 'local' },
  rules: {
    'no-plain-secret-compare': noPlainSecretCompare,
    'no-every-without-length': noEveryWithoutLength,
    'no-conditional-expect': noConditionalExpect,
    'no-fixed-sleep': noFixedSleep,
  },
};
