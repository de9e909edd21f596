export default { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate };
