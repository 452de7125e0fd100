import type { Config } from '../../config'
import { gazetteerPlaces } from './gazetteer'
import { nominatimPlaces } from './nominatim'
import type { PlaceService } from './types'

/** NOMINATIM_URL set -> the Nominatim proxy; otherwise the embedded world gazetteer. */
export function placeService(
  config: Pick<Config, 'nominatimUrl'>,
  log?: (err: unknown) => void,
): PlaceService {
  return config.nominatimUrl ? nominatimPlaces(config.nominatimUrl, log) : gazetteerPlaces()
}
