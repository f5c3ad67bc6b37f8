/** ISO 3166-1 alpha-2 codes; names come from Intl.DisplayNames in the viewer's language. */
export const COUNTRY_CODES = (
  'CN HK MO TW JP KR US GB FR DE IT ES PT NL BE LU CH AT IE DK SE NO FI IS PL CZ SK HU RO BG GR CY MT SI HR RS BA ME MK AL ' +
  'EE LV LT UA BY MD RU TR GE AM AZ KZ UZ KG TJ TM MN IN PK BD LK NP BT MV AF IR IQ SY LB JO IL PS SA AE QA BH KW OM YE ' +
  'EG LY TN DZ MA SD SS ET ER DJ SO KE UG TZ RW BI CD CG GA CM NG GH CI SN ML BF NE TD CF GQ ST BJ TG LR SL GN GW GM MR CV ' +
  'AO ZM ZW MW MZ MG MU SC KM NA BW ZA LS SZ TH VN LA KH MM MY SG ID PH BN TL AU NZ PG FJ SB VU WS TO KI TV NR FM MH PW ' +
  'CA MX GT BZ SV HN NI CR PA CU JM HT DO BS BB TT GD LC VC AG DM KN BR AR CL PE BO EC CO VE GY SR UY PY AD MC SM VA LI KP'
).split(' ');

export function isCountryCode(value: unknown): boolean {
  return typeof value === 'string' && COUNTRY_CODES.includes(value);
}
