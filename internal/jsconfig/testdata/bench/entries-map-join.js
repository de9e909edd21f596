// Object.entries(...).map(...).join(), the other way formats build their text.
function setup() {
  const vars = {};
  for (let i = 0; i < 40000; i++) {
    vars['spacing-' + i] = (i % 64) / 4 + 'rem';
  }
  return vars;
}

function run(vars) {
  return Object.entries(vars).map(([name, value]) => `  $${name}: ${value};`).join('\n').length;
}
