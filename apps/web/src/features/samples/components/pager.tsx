// Transitional: the lab queue still imports the pager from here until helper E2 moves it to ui/pager.
export { Pager } from "@/components/ui/pager";
