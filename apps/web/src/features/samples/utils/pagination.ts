// Transitional: the lab queue still imports from here until helper E2 moves it to utils/pagination.
export { totalPagesOf } from "@/utils/pagination";
