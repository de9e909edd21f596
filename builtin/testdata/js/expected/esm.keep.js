/**
 * Do not edit directly, this file was auto-generated.
 */

export default {
  color: {
    base: {
      red: {
        value: "#ff0000",
        type: "color",
      },
      "blue-500": {
        value: "#0000ff",
        type: "color",
      },
      quote: {
        value: 'say "hi" it\'s',
        type: "string",
      },
      long: {
        value:
          "a very long string value that definitely goes beyond eighty columns of width when printed",
        type: "string",
      },
    },
  },
  size: {
    1: {
      value: 4,
      type: "dimension",
    },
    neg: {
      value: -2.5,
      type: "dimension",
    },
    big: {
      value: 1e21,
    },
    list: {
      value: [
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
        21, 22, 23, 24, 25, 26, 27,
      ],
    },
    strs: {
      value: ["a", "b"],
    },
    mixed: {
      value: ["a", 1, true],
    },
    obj: {
      value: {
        x: 1,
        y: "two",
        zz: [1, 2],
      },
    },
    flag: {
      value: true,
    },
  },
  asset: {
    icon: {
      value: "data:image/png;base64,AAAA",
    },
    glyph: {
      value: "\\e001",
    },
  },
};
