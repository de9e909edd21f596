/**
 * Do not edit directly, this file was auto-generated.
 */

export default {
  color: {
    base: {
      red: {
        key: "{color.base.red}",
        value: "#ff0000",
        type: "color",
        isSource: true,
        original: {
          value: "#ff0000",
          type: "color",
          key: "{color.base.red}",
        },
      },
      "blue-500": {
        key: "{color.base.blue-500}",
        value: "#0000ff",
        type: "color",
        isSource: true,
        original: {
          value: "#0000ff",
          type: "color",
          key: "{color.base.blue-500}",
        },
      },
      quote: {
        key: "{color.base.quote}",
        value: 'say "hi" it\'s',
        type: "string",
        isSource: true,
        original: {
          value: 'say "hi" it\'s',
          type: "string",
          key: "{color.base.quote}",
        },
      },
      long: {
        key: "{color.base.long}",
        value:
          "a very long string value that definitely goes beyond eighty columns of width when printed",
        type: "string",
        isSource: true,
        original: {
          value:
            "a very long string value that definitely goes beyond eighty columns of width when printed",
          type: "string",
          key: "{color.base.long}",
        },
      },
    },
  },
  size: {
    1: {
      key: "{size.1}",
      value: 4,
      type: "dimension",
      isSource: true,
      original: {
        value: 4,
        type: "dimension",
        key: "{size.1}",
      },
    },
    neg: {
      key: "{size.neg}",
      value: -2.5,
      type: "dimension",
      isSource: true,
      original: {
        value: -2.5,
        type: "dimension",
        key: "{size.neg}",
      },
    },
    big: {
      key: "{size.big}",
      value: 1e21,
      isSource: true,
      original: {
        value: 1e21,
        key: "{size.big}",
      },
    },
    list: {
      key: "{size.list}",
      value: [
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
        21, 22, 23, 24, 25, 26, 27,
      ],
      isSource: true,
      original: {
        value: [
          1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
          21, 22, 23, 24, 25, 26, 27,
        ],
        key: "{size.list}",
      },
    },
    strs: {
      key: "{size.strs}",
      value: ["a", "b"],
      isSource: true,
      original: {
        value: ["a", "b"],
        key: "{size.strs}",
      },
    },
    mixed: {
      key: "{size.mixed}",
      value: ["a", 1, true],
      isSource: true,
      original: {
        value: ["a", 1, true],
        key: "{size.mixed}",
      },
    },
    obj: {
      key: "{size.obj}",
      value: {
        x: 1,
        y: "two",
        zz: [1, 2],
      },
      isSource: true,
      original: {
        value: {
          x: 1,
          y: "two",
          zz: [1, 2],
        },
        key: "{size.obj}",
      },
    },
    flag: {
      key: "{size.flag}",
      value: true,
      themeable: true,
      isSource: true,
      original: {
        value: true,
        themeable: true,
        key: "{size.flag}",
      },
    },
  },
  asset: {
    icon: {
      key: "{asset.icon}",
      value: "data:image/png;base64,AAAA",
      isSource: true,
      original: {
        value: "data:image/png;base64,AAAA",
        key: "{asset.icon}",
      },
    },
    glyph: {
      key: "{asset.glyph}",
      value: "\\e001",
      isSource: true,
      original: {
        value: "\\e001",
        key: "{asset.glyph}",
      },
    },
  },
};
