// Sorting token names with localeCompare, as formats order their output.
function setup() {
  const names = [];
  for (let i = 0; i < 20000; i++) {
    const n = (i * 2654435761) % 100003;
    names.push(['color', 'size', 'space', 'font'][n % 4] + '-' + ['brand', 'neutral', 'accent'][n % 3] + '-' + n);
  }
  return names;
}

function run(names) {
  const sorted = names.slice().sort((a, b) => a.localeCompare(b));
  return sorted[0] + sorted[sorted.length - 1];
}
