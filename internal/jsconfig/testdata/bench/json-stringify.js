// JSON.stringify of a large nested token tree with indentation (json/nested-like output).
function setup() {
  const tree = {};
  for (let g = 0; g < 200; g++) {
    const group = (tree['group' + g] = {});
    for (let i = 0; i < 100; i++) {
      group['token' + i] = { $value: '#' + ((g * 100 + i) * 2654435761 % 16777216).toString(16).padStart(6, '0'), $type: 'color', $description: 'Token ' + i + ' of group ' + g };
    }
  }
  return tree;
}

function run(tree) {
  return JSON.stringify(tree, null, 2).length;
}
