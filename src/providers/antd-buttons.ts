/**
 * antd's ConfigProvider `button` setting for the whole console: a two-character Chinese button
 * keeps its word ("保存", not antd's "保 存"). Screen readers read the spaced form as two
 * characters, and pages had both forms side by side (a detail's Save beside a dialog's 取 消).
 */
export const BUTTON_CONFIG = { autoInsertSpace: false } as const;
