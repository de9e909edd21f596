/**
 * Do not edit directly, this file was auto-generated.
 */

export default tokens;

declare interface DesignToken {
  value?: any;
  type?: string;
  comment?: string;
  name?: string;
  themeable?: boolean;
  attributes?: Record<string, unknown>;
  [key: string]: any;
}

declare const tokens: {
  color: {
    base: {
      red: DesignToken;
      "blue-500": DesignToken;
      quote: DesignToken;
      long: DesignToken;
    };
  };
  size: {
    "1": DesignToken;
    neg: DesignToken;
    big: DesignToken;
    list: DesignToken;
    strs: DesignToken;
    mixed: DesignToken;
    obj: DesignToken;
    flag: DesignToken;
  };
  asset: {
    icon: DesignToken;
    glyph: DesignToken;
  };
};
