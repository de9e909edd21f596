/**
 * Do not edit directly, this file was auto-generated.
 */

module.exports = {
  color: {
    base: {
      red: {
        key: "{color.base.red}",
        value: "#ff0000",
        type: "color",
        comment: "The red one tricky",
        filePath: "tokens/a.json",
        isSource: true,
        original: {
          value: "#ff0000",
          type: "color",
          comment: "The red one tricky",
          key: "{color.base.red}",
        },
        name: "ColorBaseRed",
        attributes: {
          category: "color",
          type: "base",
          item: "red",
        },
        path: ["color", "base", "red"],
      },
      "blue-500": {
        key: "{color.base.blue-500}",
        value: "#0000ff",
        type: "color",
        comment: "multi\nline comment",
        filePath: "tokens/a.json",
        isSource: true,
        original: {
          value: "#0000ff",
          type: "color",
          comment: "multi\nline comment",
          key: "{color.base.blue-500}",
        },
        name: "ColorBaseBlue500",
        attributes: {
          category: "color",
          type: "base",
          item: "blue-500",
        },
        path: ["color", "base", "blue-500"],
      },
      quote: {
        key: "{color.base.quote}",
        value: 'say "hi" it\'s',
        type: "string",
        filePath: "tokens/a.json",
        isSource: true,
        original: {
          value: 'say "hi" it\'s',
          type: "string",
          key: "{color.base.quote}",
        },
        name: "ColorBaseQuote",
        attributes: {
          category: "color",
          type: "base",
          item: "quote",
        },
        path: ["color", "base", "quote"],
      },
      long: {
        key: "{color.base.long}",
        value:
          "a very long string value that definitely goes beyond eighty columns of width when printed",
        type: "string",
        filePath: "tokens/a.json",
        isSource: true,
        original: {
          value:
            "a very long string value that definitely goes beyond eighty columns of width when printed",
          type: "string",
          key: "{color.base.long}",
        },
        name: "ColorBaseLong",
        attributes: {
          category: "color",
          type: "base",
          item: "long",
        },
        path: ["color", "base", "long"],
      },
    },
  },
  size: {
    1: {
      key: "{size.1}",
      value: 4,
      type: "dimension",
      filePath: "tokens/a.json",
      isSource: true,
      original: {
        value: 4,
        type: "dimension",
        key: "{size.1}",
      },
      name: "Size1",
      attributes: {
        category: "size",
        type: "1",
      },
      path: ["size", "1"],
    },
    neg: {
      key: "{size.neg}",
      value: -2.5,
      type: "dimension",
      filePath: "tokens/a.json",
      isSource: true,
      original: {
        value: -2.5,
        type: "dimension",
        key: "{size.neg}",
      },
      name: "SizeNeg",
      attributes: {
        category: "size",
        type: "neg",
      },
      path: ["size", "neg"],
    },
    big: {
      key: "{size.big}",
      value: 1e21,
      filePath: "tokens/a.json",
      isSource: true,
      original: {
        value: 1e21,
        key: "{size.big}",
      },
      name: "SizeBig",
      attributes: {
        category: "size",
        type: "big",
      },
      path: ["size", "big"],
    },
    list: {
      key: "{size.list}",
      value: [
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
        21, 22, 23, 24, 25, 26, 27,
      ],
      filePath: "tokens/a.json",
      isSource: true,
      original: {
        value: [
          1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
          21, 22, 23, 24, 25, 26, 27,
        ],
        key: "{size.list}",
      },
      name: "SizeList",
      attributes: {
        category: "size",
        type: "list",
      },
      path: ["size", "list"],
    },
    strs: {
      key: "{size.strs}",
      value: ["a", "b"],
      filePath: "tokens/a.json",
      isSource: true,
      original: {
        value: ["a", "b"],
        key: "{size.strs}",
      },
      name: "SizeStrs",
      attributes: {
        category: "size",
        type: "strs",
      },
      path: ["size", "strs"],
    },
    mixed: {
      key: "{size.mixed}",
      value: ["a", 1, true],
      filePath: "tokens/a.json",
      isSource: true,
      original: {
        value: ["a", 1, true],
        key: "{size.mixed}",
      },
      name: "SizeMixed",
      attributes: {
        category: "size",
        type: "mixed",
      },
      path: ["size", "mixed"],
    },
    obj: {
      key: "{size.obj}",
      value: {
        x: 1,
        y: "two",
        zz: [1, 2],
      },
      filePath: "tokens/a.json",
      isSource: true,
      original: {
        value: {
          x: 1,
          y: "two",
          zz: [1, 2],
        },
        key: "{size.obj}",
      },
      name: "SizeObj",
      attributes: {
        category: "size",
        type: "obj",
      },
      path: ["size", "obj"],
    },
    flag: {
      key: "{size.flag}",
      value: true,
      themeable: true,
      filePath: "tokens/a.json",
      isSource: true,
      original: {
        value: true,
        themeable: true,
        key: "{size.flag}",
      },
      name: "SizeFlag",
      attributes: {
        category: "size",
        type: "flag",
      },
      path: ["size", "flag"],
    },
  },
  asset: {
    icon: {
      key: "{asset.icon}",
      value: "data:image/png;base64,AAAA",
      filePath: "tokens/a.json",
      isSource: true,
      original: {
        value: "data:image/png;base64,AAAA",
        key: "{asset.icon}",
      },
      name: "AssetIcon",
      attributes: {
        category: "asset",
        type: "icon",
      },
      path: ["asset", "icon"],
    },
    glyph: {
      key: "{asset.glyph}",
      value: "\\e001",
      filePath: "tokens/a.json",
      isSource: true,
      original: {
        value: "\\e001",
        key: "{asset.glyph}",
      },
      name: "AssetGlyph",
      attributes: {
        category: "asset",
        type: "glyph",
      },
      path: ["asset", "glyph"],
    },
  },
};
