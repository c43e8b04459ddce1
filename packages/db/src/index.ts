export * from "./client";
export * from "./schema/index";
export {
  CATALOGUE_MARKETS,
  CATALOGUE_PANELS,
  CATALOGUE_PARAMETERS,
  catalogueParameter,
} from "./seed/catalogue-data";
