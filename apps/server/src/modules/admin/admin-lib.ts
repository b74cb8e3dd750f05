// The admin order files still import these helpers from here; removed when the lifecycle branch lands (they live in lib/).
export { escapeLike } from "../../lib/sql-text.js";
export { pagination } from "../../lib/paging.js";
export { toCsv } from "../../lib/csv.js";
