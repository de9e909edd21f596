export const isatty = () => false;
export default { isatty };
