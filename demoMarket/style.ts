/** The demo marketplace's one style sheet: a plain shop look that works from 390 px phones to 1440 px desktops. */
export const SHOP_CSS = `*{box-sizing:border-box}
body{margin:0;font:14px/1.6 "Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif;color:#222;background:#f4f4f4}
a{color:inherit;text-decoration:none}a:hover{color:#e4393c}
img{max-width:100%;height:auto;display:block}
.wrap{max-width:1200px;margin:0 auto;padding:0 16px}
.notice{background:#fff7e0;color:#7a5a00;font-size:12px;text-align:center;padding:6px 12px;border-bottom:1px solid #f0e0b0}
.top{background:#fff;border-bottom:2px solid #e4393c}
.bar{display:flex;align-items:center;gap:24px;padding-top:14px;padding-bottom:10px;flex-wrap:wrap}
.logo{display:flex;align-items:center;gap:10px;font-size:22px;font-weight:700;color:#e4393c}
.logo small{display:block;font-size:12px;font-weight:400;color:#888;line-height:1}
.logo .mark{width:40px;height:40px;border-radius:8px;background:#e4393c;color:#fff;display:grid;place-items:center;font-size:22px}
.search{flex:1;display:flex;min-width:240px;max-width:560px}
.search input{flex:1;min-width:0;height:38px;border:2px solid #e4393c;border-right:0;padding:0 12px;font-size:14px;border-radius:4px 0 0 4px}
.search button{height:38px;border:0;background:#e4393c;color:#fff;padding:0 22px;font-size:15px;border-radius:0 4px 4px 0;cursor:pointer}
.cats{display:flex;gap:4px;overflow-x:auto;white-space:nowrap}
.cats a{padding:8px 14px;font-weight:600}
main.wrap{padding-top:16px;padding-bottom:32px}
h1{font-size:22px;margin:8px 0}h2{font-size:18px;margin:24px 0 12px}
.lead{color:#666;margin:0 0 12px}.crumbs{color:#888;font-size:12px;margin:0}
.hero{border-radius:8px;padding:40px 32px;color:#fff;background:linear-gradient(120deg,#e4393c,#ff8a3d 60%,#ffc94d)}
.hero h1{font-size:30px;margin:0 0 6px}.hero p{margin:0 0 16px;font-size:16px}
.btn{display:inline-block;background:#e4393c;color:#fff;border:0;border-radius:4px;padding:10px 22px;font-size:15px}
.hero .btn{background:#fff;color:#e4393c;font-weight:700}
.btn[disabled]{opacity:.6;cursor:not-allowed}
.tiles{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(4,1fr);gap:12px}
.tile a{display:block;border-radius:8px;padding:18px;color:#fff;min-height:96px}
.tile strong{display:block;font-size:18px}.tile span{font-size:12px;opacity:.9}
.t0 a{background:#7b61ff}.t1 a{background:#0fa3a3}.t2 a{background:#f08a24}.t3 a{background:#3a7bd5}
.grid{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:12px}
.grid.small{grid-template-columns:repeat(auto-fill,minmax(220px,1fr))}
.card{background:#fff;border-radius:6px;overflow:hidden;transition:box-shadow .2s}
.card:hover{box-shadow:0 4px 14px rgba(0,0,0,.12)}
.card a{display:flex;flex-direction:column;height:100%}
.card img{aspect-ratio:1;object-fit:cover;width:100%;background:#eee}
.card .name{padding:8px 10px 0;font-size:13px;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden;min-height:2.9em}
.card .price{padding:2px 10px 10px;color:#e4393c;font-weight:700;font-size:16px;margin-top:auto}
.grid.small .card .name{min-height:0;padding-bottom:2px}
.pager{display:flex;gap:6px;justify-content:center;margin:24px 0;flex-wrap:wrap}
.pager a,.pager span{min-width:36px;text-align:center;padding:6px 12px;background:#fff;border:1px solid #ddd;border-radius:4px}
.pager .cur{background:#e4393c;border-color:#e4393c;color:#fff}
.product{display:grid;grid-template-columns:minmax(0,560px) minmax(0,1fr);gap:32px;background:#fff;border-radius:8px;padding:24px;margin-top:8px}
.gallery .main{width:100%;aspect-ratio:1;object-fit:contain;background:#fafafa;border:1px solid #eee}
.thumbs{display:flex;gap:8px;margin-top:8px;flex-wrap:wrap}
.thumbs img{width:72px;height:72px;object-fit:cover;border:1px solid #ddd;border-radius:4px}
.info h1{font-size:20px}.desc{color:#555}
.price.big{font-size:28px;color:#e4393c;font-weight:700;background:#fff4f4;padding:8px 14px;border-radius:4px}
.facts{display:grid;grid-template-columns:80px 1fr;gap:6px 12px;color:#555}.facts dt{color:#999}.facts dd{margin:0}
.detail{background:#fff;border-radius:8px;padding:8px 24px 24px;margin-top:16px}
.detail img{max-width:640px;width:100%;margin:12px auto}
.origs{list-style:none;padding:0;display:grid;gap:12px}
.orig{background:#fff;border-radius:8px;padding:16px 20px}
.orig h3{margin:0}.orig h3 small{color:#888;font-weight:400}
.pics{display:flex;gap:16px;flex-wrap:wrap}.pics figure{margin:0}.pics img{width:180px;height:180px;border:1px solid #eee;background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px}
.pics figcaption a{color:#e4393c}
.kw code,.foot code{font-family:inherit;background:#f2f2f2;padding:1px 6px;border-radius:3px;margin-right:4px}
.foot{background:#2b2b2b;color:#bbb;margin-top:24px;padding:24px 0 12px;font-size:13px}
.foot a{color:#fff}.foot h4{color:#fff;margin:0 0 6px}.foot .cols{display:grid;grid-template-columns:repeat(3,1fr);gap:24px}
.foot .copy{text-align:center;color:#777;margin:16px 0 0}
.foot code{background:#444}
@media (max-width:900px){
  .tiles{grid-template-columns:repeat(2,1fr)}
  .product{grid-template-columns:1fr;padding:12px;gap:16px}
  .foot .cols{grid-template-columns:1fr;gap:12px}
}
@media (max-width:600px){
  .bar{gap:10px}.search{min-width:100%}
  .hero{padding:24px 18px}.hero h1{font-size:22px}
  .grid{grid-template-columns:repeat(2,minmax(0,1fr));gap:8px}
  .grid.small{grid-template-columns:1fr}
  .detail{padding:4px 12px 12px}
  .price.big{font-size:22px}
}
`;
