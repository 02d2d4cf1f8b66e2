export const id=392;export const ids=[392];export const modules={8721:(r,e,a)=>{

var t=a(2464);r.exports=t},2464:r=>{

function filled(r,e){var a;var t;a=[];for(t=0;t<e;t++){a.push(r)}return a}r.exports=filled},2812:(r,e,a)=>{

var t=a(2115);r.exports=t},2115:(r,e,a)=>{

var t=a(8721);function zeros(r){return t(0,r)}r.exports=zeros},721:(r,e,a)=>{

var t=a(4332);var n=a(9408);var i=a(4198);var o;if(t()){o=n}else{o=i}r.exports=o},9408:r=>{

var e=typeof Float64Array==="function"?Float64Array:void 0;r.exports=e},4198:r=>{

function polyfill(){throw new Error("not implemented")}r.exports=polyfill},2496:(r,e,a)=>{

var t=a(959);var n=a(2999);var i=a(2641);var o;if(t()){o=n}else{o=i}r.exports=o},2999:r=>{

var e=typeof Uint16Array==="function"?Uint16Array:void 0;r.exports=e},2641:r=>{

function polyfill(){throw new Error("not implemented")}r.exports=polyfill},9773:(r,e,a)=>{

var t=a(9713);var n=a(8109);var i=a(1691);var o;if(t()){o=n}else{o=i}r.exports=o},8109:r=>{

var e=typeof Uint32Array==="function"?Uint32Array:void 0;r.exports=e},1691:r=>{

function polyfill(){throw new Error("not implemented")}r.exports=polyfill},8365:(r,e,a)=>{

var t=a(5648);var n=a(2668);var i=a(6234);var o;if(t()){o=n}else{o=i}r.exports=o},2668:r=>{

var e=typeof Uint8Array==="function"?Uint8Array:void 0;r.exports=e},6234:r=>{

function polyfill(){throw new Error("not implemented")}r.exports=polyfill},4135:r=>{

var e=typeof Float64Array==="function"?Float64Array:null;r.exports=e},4332:(r,e,a)=>{

var t=a(9331);r.exports=t},9331:(r,e,a)=>{

var t=a(3362);var n=a(4135);function hasFloat64ArraySupport(){var r;var e;if(typeof n!=="function"){return false}try{e=new n([1,3.14,-3.14,NaN]);r=t(e)&&e[0]===1&&e[1]===3.14&&e[2]===-3.14&&e[3]!==e[3]}catch(e){r=false}return r}r.exports=hasFloat64ArraySupport},3149:(r,e,a)=>{

var t=a(4892);r.exports=t},4892:r=>{

var e=Object.prototype.hasOwnProperty;function hasOwnProp(r,a){if(r===void 0||r===null){return false}return e.call(r,a)}r.exports=hasOwnProp},9685:(r,e,a)=>{

var t=a(5012);r.exports=t},5012:r=>{

function hasSymbolSupport(){return typeof Symbol==="function"&&typeof Symbol("foo")==="symbol"}r.exports=hasSymbolSupport},6623:(r,e,a)=>{

var t=a(1252);r.exports=t},1252:(r,e,a)=>{

var t=a(9685);var n=t();function hasToStringTagSupport(){return n&&typeof Symbol.toStringTag==="symbol"}r.exports=hasToStringTagSupport},959:(r,e,a)=>{

var t=a(4442);r.exports=t},4442:(r,e,a)=>{

var t=a(4609);var n=a(7827);var i=a(9903);function hasUint16ArraySupport(){var r;var e;if(typeof i!=="function"){return false}try{e=[1,3.14,-3.14,n+1,n+2];e=new i(e);r=t(e)&&e[0]===1&&e[1]===3&&e[2]===n-2&&e[3]===0&&e[4]===1}catch(e){r=false}return r}r.exports=hasUint16ArraySupport},9903:r=>{

var e=typeof Uint16Array==="function"?Uint16Array:null;r.exports=e},9713:(r,e,a)=>{

var t=a(4768);r.exports=t},4768:(r,e,a)=>{

var t=a(9452);var n=a(1397);var i=a(8883);function hasUint32ArraySupport(){var r;var e;if(typeof i!=="function"){return false}try{e=[1,3.14,-3.14,n+1,n+2];e=new i(e);r=t(e)&&e[0]===1&&e[1]===3&&e[2]===n-2&&e[3]===0&&e[4]===1}catch(e){r=false}return r}r.exports=hasUint32ArraySupport},8883:r=>{

var e=typeof Uint32Array==="function"?Uint32Array:null;r.exports=e},5648:(r,e,a)=>{

var t=a(8439);r.exports=t},8439:(r,e,a)=>{

var t=a(7014);var n=a(4482);var i=a(5591);function hasUint8ArraySupport(){var r;var e;if(typeof i!=="function"){return false}try{e=[1,3.14,-3.14,n+1,n+2];e=new i(e);r=t(e)&&e[0]===1&&e[1]===3&&e[2]===n-2&&e[3]===0&&e[4]===1}catch(e){r=false}return r}r.exports=hasUint8ArraySupport},5591:r=>{

var e=typeof Uint8Array==="function"?Uint8Array:null;r.exports=e},3362:(r,e,a)=>{

var t=a(4597);r.exports=t},4597:(r,e,a)=>{

var t=a(8017);var n=typeof Float64Array==="function";function isFloat64Array(r){return n&&r instanceof Float64Array||t(r)==="[object Float64Array]"}r.exports=isFloat64Array},9786:(r,e,a)=>{

var t=a(8365);var n=a(2496);var i={uint16:n,uint8:t};r.exports=i},4165:(r,e,a)=>{

var t=a(4708);r.exports=t},4708:(r,e,a)=>{

var t=a(9786);var n;function isLittleEndian(){var r;var e;r=new t["uint16"](1);r[0]=4660;e=new t["uint8"](r.buffer);return e[0]===52}n=isLittleEndian();r.exports=n},4609:(r,e,a)=>{

var t=a(9936);r.exports=t},9936:(r,e,a)=>{

var t=a(8017);var n=typeof Uint16Array==="function";function isUint16Array(r){return n&&r instanceof Uint16Array||t(r)==="[object Uint16Array]"}r.exports=isUint16Array},9452:(r,e,a)=>{

var t=a(5978);r.exports=t},5978:(r,e,a)=>{

var t=a(8017);var n=typeof Uint32Array==="function";function isUint32Array(r){return n&&r instanceof Uint32Array||t(r)==="[object Uint32Array]"}r.exports=isUint32Array},7014:(r,e,a)=>{

var t=a(8057);r.exports=t},8057:(r,e,a)=>{

var t=a(8017);var n=typeof Uint8Array==="function";function isUint8Array(r){return n&&r instanceof Uint8Array||t(r)==="[object Uint8Array]"}r.exports=isUint8Array},2391:r=>{

var e=1023|0;r.exports=e},2377:r=>{

var e=2147483647>>>0;r.exports=e},6424:r=>{

var e=2146435072;r.exports=e},8466:r=>{

var e=2147483648>>>0;r.exports=e},6520:r=>{

var e=1048575;r.exports=e},678:r=>{

var e=-1023|0;r.exports=e},9502:r=>{

var e=1023|0;r.exports=e},9e3:r=>{

var e=-1074|0;r.exports=e},7129:(r,e,a)=>{

var t=a(4147);var n=t.NEGATIVE_INFINITY;r.exports=n},4399:r=>{

var e=3.141592653589793;r.exports=e},7071:r=>{

var e=Number.POSITIVE_INFINITY;r.exports=e},107:r=>{

var e=22250738585072014e-324;r.exports=e},7827:r=>{

var e=65535|0;r.exports=e},1397:r=>{

var e=4294967295;r.exports=e},4482:r=>{

var e=255|0;r.exports=e},2444:(r,e,a)=>{

var t=a(9763);r.exports=t},9763:(r,e,a)=>{

var t=a(7071);var n=a(7129);function isInfinite(r){return r===t||r===n}r.exports=isInfinite},4717:(r,e,a)=>{

var t=a(5788);r.exports=t},5788:r=>{

function isnan(r){return r!==r}r.exports=isnan},7508:(r,e,a)=>{

var t=a(7787);r.exports=t},7787:(r,e,a)=>{

var t=a(3096);function isNegativeInteger(r){return t(r)===r&&r<0}r.exports=isNegativeInteger},3600:(r,e,a)=>{

var t=a(295);r.exports=t},295:(r,e,a)=>{

var t=a(7129);function isNegativeZero(r){return r===0&&1/r===t}r.exports=isNegativeZero},4831:(r,e,a)=>{

var t=a(4298);r.exports=t},4298:(r,e,a)=>{

var t=a(3096);function isNonNegativeInteger(r){return t(r)===r&&r>=0}r.exports=isNonNegativeInteger},3532:(r,e,a)=>{

var t=a(7139);r.exports=t},7139:(r,e,a)=>{

var t=a(7071);function isPositiveZero(r){return r===0&&1/r===t}r.exports=isPositiveZero},2318:(r,e,a)=>{

var t=a(6689);r.exports=t},6689:r=>{

function abs(r){return Math.abs(r)}r.exports=abs},563:(r,e,a)=>{

var t=a(9310);r.exports=t},9310:r=>{

var e=Math.ceil;r.exports=e},8922:(r,e,a)=>{

var t=a(7485);r.exports=t},7485:(r,e,a)=>{

var t=a(8466);var n=a(2377);var i=a(1503);var o=a(5080);var v=a(2590);var f=[0,0];function copysign(r,e){var a;var s;i.assign(r,f,1,0);a=f[0];a&=n;s=o(e);s&=t;a|=s;return v(a,f[1])}r.exports=copysign},8485:(r,e,a)=>{

var t=a(8580);r.exports=t},8580:(r,e,a)=>{

var t=a(5080);var n=a(837);var i=a(7932);var o=a(5159);var v=a(2377);var f=a(6424);var s=[0,0];var u=1072243195|0;var p=1044381696|0;function cos(r){var e;var a;e=t(r);e&=v;if(e<=u){if(e<p){return 1}return n(r,0)}if(e>=f){return NaN}a=o(r,s);switch(a&3){case 0:return n(s[0],s[1]);case 1:return-i(s[0],s[1]);case 2:return-n(s[0],s[1]);default:return i(s[0],s[1])}}r.exports=cos},414:(r,e,a)=>{

var t=a(2401);r.exports=t},2401:(r,e,a)=>{

var t=a(4717);var n=a(2069);var i=a(1848);var o=a(7071);var v=a(7129);var f=a(1210);var s=a(7472);var u=a(25);var p=a(4464);var l=a(5647);var c=a(2846);var x=a(8850);var y=a(2475);var d=1e-300;var g=13877787807814457e-33;var h=.8450629115104675;var m=.12837916709551256;var w=1;var b=-.0023621185607526594;var N=1;var A=-.009864944034847148;var S=1;var U=-.0098649429247001;var k=1;function erfc(r){var e;var a;var I;var _;var E;var F;var W;var T;if(t(r)){return NaN}if(r===o){return 0}if(r===v){return 2}if(r===0){return 1}if(r<0){e=true;a=-r}else{e=false;a=r}if(a<.84375){if(a<g){return 1-r}I=r*r;_=m+I*f(I);E=w+I*s(I);F=_/E;if(r<.25){return 1-(r+r*F)}_=r*F;_+=r-.5;return.5-_}if(a<1.25){E=a-1;W=b+E*u(E);T=N+E*p(E);if(e){return 1+h+W/T}return 1-h-W/T}if(a<28){E=1/(a*a);if(a<2.857142857142857){_=A+E*l(E);E=S+E*c(E)}else{if(r<-6){return 2-d}_=U+E*x(E);E=k+E*y(E)}I=i(a,0);_=n(-(I*I)-.5625)*n((I-a)*(I+a)+_/E);if(e){return 2-_/a}return _/a}if(e){return 2-d}return d*d}r.exports=erfc},25:r=>{

function evalpoly(r){if(r===0){return.41485611868374833}return.41485611868374833+r*(-.3722078760357013+r*(.31834661990116175+r*(-.11089469428239668+r*(.035478304325618236+r*-.002166375594868791))))}r.exports=evalpoly},1210:r=>{

function evalpoly(r){if(r===0){return-.3250421072470015}return-.3250421072470015+r*(-.02848174957559851+r*(-.005770270296489442+r*-23763016656650163e-21))}r.exports=evalpoly},4464:r=>{

function evalpoly(r){if(r===0){return.10642088040084423}return.10642088040084423+r*(.540397917702171+r*(.07182865441419627+r*(.12617121980876164+r*(.01363708391202905+r*.011984499846799107))))}r.exports=evalpoly},7472:r=>{

function evalpoly(r){if(r===0){return.39791722395915535}return.39791722395915535+r*(.0650222499887673+r*(.005081306281875766+r*(.00013249473800432164+r*-3960228278775368e-21)))}r.exports=evalpoly},5647:r=>{

function evalpoly(r){if(r===0){return-.6938585727071818}return-.6938585727071818+r*(-10.558626225323291+r*(-62.375332450326006+r*(-162.39666946257347+r*(-184.60509290671104+r*(-81.2874355063066+r*-9.814329344169145)))))}r.exports=evalpoly},8850:r=>{

function evalpoly(r){if(r===0){return-.799283237680523}return-.799283237680523+r*(-17.757954917754752+r*(-160.63638485582192+r*(-637.5664433683896+r*(-1025.0951316110772+r*-483.5191916086514))))}r.exports=evalpoly},2846:r=>{

function evalpoly(r){if(r===0){return 19.651271667439257}return 19.651271667439257+r*(137.65775414351904+r*(434.56587747522923+r*(645.3872717332679+r*(429.00814002756783+r*(108.63500554177944+r*(6.570249770319282+r*-.0604244152148581))))))}r.exports=evalpoly},2475:r=>{

function evalpoly(r){if(r===0){return 30.33806074348246}return 30.33806074348246+r*(325.7925129965739+r*(1536.729586084437+r*(3199.8582195085955+r*(2553.0504064331644+r*(474.52854120695537+r*-22.44095244658582)))))}r.exports=evalpoly},9320:(r,e,a)=>{

var t=a(4367);r.exports=t},4367:(r,e,a)=>{

var t=a(4717);var n=a(6988);var i=a(2944);var o=a(7071);var v=a(7129);var f=a(9850);var s=a(3082);var u=a(750);var p=a(6);var l=a(4850);var c=.08913147449493408;var x=2.249481201171875;var y=.807220458984375;var d=.9399557113647461;var g=.9836282730102539;function erfinv(r){var e;var a;var h;var m;var w;var b;if(t(r)){return NaN}if(r===1){return o}if(r===-1){return v}if(r===0){return r}if(r>1||r<-1){return NaN}if(r<0){e=-1;a=-r}else{e=1;a=r}m=1-a;if(a<=.5){w=a*(a+10);b=f(a);return e*(w*c+w*b)}if(m>=.25){w=n(-2*i(m));m-=.25;b=s(m);return e*(w/(x+b))}m=n(-i(m));if(m<3){h=m-1.125;b=u(h);return e*(y*m+b*m)}if(m<6){h=m-3;b=p(h);return e*(d*m+b*m)}h=m-6;b=l(h);return e*(g*m+b*m)}r.exports=erfinv},9850:r=>{

function evalrational(r){var e;var a;var t;if(r===0){return-.0005087819496582806}if(r<0){e=-r}else{e=r}if(e<=1){a=-.0005087819496582806+r*(-.008368748197417368+r*(.03348066254097446+r*(-.012692614766297404+r*(-.03656379714117627+r*(.02198786811111689+r*(.008226878746769157+r*(-.005387729650712429+r*(0+r*0))))))));t=1+r*(-.9700050433032906+r*(-1.5657455823417585+r*(1.5622155839842302+r*(.662328840472003+r*(-.7122890234154284+r*(-.05273963823400997+r*(.07952836873415717+r*(-.0023339375937419+r*.0008862163904564247))))))))}else{r=1/r;a=0+r*(0+r*(-.005387729650712429+r*(.008226878746769157+r*(.02198786811111689+r*(-.03656379714117627+r*(-.012692614766297404+r*(.03348066254097446+r*(-.008368748197417368+r*-.0005087819496582806))))))));t=.0008862163904564247+r*(-.0023339375937419+r*(.07952836873415717+r*(-.05273963823400997+r*(-.7122890234154284+r*(.662328840472003+r*(1.5622155839842302+r*(-1.5657455823417585+r*(-.9700050433032906+r*1))))))))}return a/t}r.exports=evalrational},3082:r=>{

function evalrational(r){var e;var a;var t;if(r===0){return-.20243350835593876}if(r<0){e=-r}else{e=r}if(e<=1){a=-.20243350835593876+r*(.10526468069939171+r*(8.3705032834312+r*(17.644729840837403+r*(-18.851064805871424+r*(-44.6382324441787+r*(17.445385985570866+r*(21.12946554483405+r*-3.6719225470772936)))))));t=1+r*(6.242641248542475+r*(3.971343795334387+r*(-28.66081804998+r*(-20.14326346804852+r*(48.560921310873994+r*(10.826866735546016+r*(-22.643693341313973+r*1.7211476576120028)))))))}else{r=1/r;a=-3.6719225470772936+r*(21.12946554483405+r*(17.445385985570866+r*(-44.6382324441787+r*(-18.851064805871424+r*(17.644729840837403+r*(8.3705032834312+r*(.10526468069939171+r*-.20243350835593876)))))));t=1.7211476576120028+r*(-22.643693341313973+r*(10.826866735546016+r*(48.560921310873994+r*(-20.14326346804852+r*(-28.66081804998+r*(3.971343795334387+r*(6.242641248542475+r*1)))))))}return a/t}r.exports=evalrational},750:r=>{

function evalrational(r){var e;var a;var t;if(r===0){return-.1311027816799519}if(r<0){e=-r}else{e=r}if(e<=1){a=-.1311027816799519+r*(-.16379404719331705+r*(.11703015634199525+r*(.38707973897260434+r*(.3377855389120359+r*(.14286953440815717+r*(.029015791000532906+r*(.0021455899538880526+r*(-6.794655751811263e-7+r*(2.8522533178221704e-8+r*-6.81149956853777e-10)))))))));t=1+r*(3.4662540724256723+r*(5.381683457070069+r*(4.778465929458438+r*(2.5930192162362027+r*(.848854343457902+r*(.15226433829533179+r*(.011059242293464892+r*(0+r*(0+r*0)))))))))}else{r=1/r;a=-6.81149956853777e-10+r*(2.8522533178221704e-8+r*(-6.794655751811263e-7+r*(.0021455899538880526+r*(.029015791000532906+r*(.14286953440815717+r*(.3377855389120359+r*(.38707973897260434+r*(.11703015634199525+r*(-.16379404719331705+r*-.1311027816799519)))))))));t=0+r*(0+r*(0+r*(.011059242293464892+r*(.15226433829533179+r*(.848854343457902+r*(2.5930192162362027+r*(4.778465929458438+r*(5.381683457070069+r*(3.4662540724256723+r*1)))))))))}return a/t}r.exports=evalrational},6:r=>{

function evalrational(r){var e;var a;var t;if(r===0){return-.0350353787183178}if(r<0){e=-r}else{e=r}if(e<=1){a=-.0350353787183178+r*(-.0022242652921344794+r*(.018557330651423107+r*(.009508047013259196+r*(.0018712349281955923+r*(.00015754461742496055+r*(460469890584318e-20+r*(-2.304047769118826e-10+r*26633922742578204e-28)))))));t=1+r*(1.3653349817554064+r*(.7620591645536234+r*(.22009110576413124+r*(.03415891436709477+r*(.00263861676657016+r*(7646752923027944e-20+r*(0+r*0)))))))}else{r=1/r;a=26633922742578204e-28+r*(-2.304047769118826e-10+r*(460469890584318e-20+r*(.00015754461742496055+r*(.0018712349281955923+r*(.009508047013259196+r*(.018557330651423107+r*(-.0022242652921344794+r*-.0350353787183178)))))));t=0+r*(0+r*(7646752923027944e-20+r*(.00263861676657016+r*(.03415891436709477+r*(.22009110576413124+r*(.7620591645536234+r*(1.3653349817554064+r*1)))))))}return a/t}r.exports=evalrational},4850:r=>{

function evalrational(r){var e;var a;var t;if(r===0){return-.016743100507663373}if(r<0){e=-r}else{e=r}if(e<=1){a=-.016743100507663373+r*(-.0011295143874558028+r*(.001056288621524929+r*(.00020938631748758808+r*(14962478375834237e-21+r*(4.4969678992770644e-7+r*(4.625961635228786e-9+r*(-2811287356288318e-29+r*9905570997331033e-32)))))));t=1+r*(.5914293448864175+r*(.1381518657490833+r*(.016074608709367652+r*(.0009640118070051656+r*(27533547476472603e-21+r*(2.82243172016108e-7+r*(0+r*0)))))))}else{r=1/r;a=9905570997331033e-32+r*(-2811287356288318e-29+r*(4.625961635228786e-9+r*(4.4969678992770644e-7+r*(14962478375834237e-21+r*(.00020938631748758808+r*(.001056288621524929+r*(-.0011295143874558028+r*-.016743100507663373)))))));t=0+r*(0+r*(2.82243172016108e-7+r*(27533547476472603e-21+r*(.0009640118070051656+r*(.016074608709367652+r*(.1381518657490833+r*(.5914293448864175+r*1)))))))}return a/t}r.exports=evalrational},281:(r,e,a)=>{

var t=a(189);var n=a(6191);function expmulti(r,e,a){var i;var o;var v;var f;i=r-e;o=i*i;v=i-o*n(o);f=1-(e-i*v/(2-v)-r);return t(f,a)}r.exports=expmulti},2069:(r,e,a)=>{

var t=a(8724);r.exports=t},8724:(r,e,a)=>{

var t=a(4717);var n=a(6716);var i=a(7129);var o=a(7071);var v=a(281);var f=.6931471803691238;var s=1.9082149292705877e-10;var u=1.4426950408889634;var p=709.782712893384;var l=-745.1332191019411;var c=1/(1<<28);var x=-c;function exp(r){var e;var a;var y;if(t(r)||r===o){return r}if(r===i){return 0}if(r>p){return o}if(r<l){return 0}if(r>x&&r<c){return 1+r}if(r<0){y=n(u*r-.5)}else{y=n(u*r+.5)}e=r-y*f;a=y*s;return v(e,a,y)}r.exports=exp},6191:r=>{

function evalpoly(r){if(r===0){return.16666666666666602}return.16666666666666602+r*(-.0027777777777015593+r*(6613756321437934e-20+r*(-16533902205465252e-22+r*4.1381367970572385e-8)))}r.exports=evalpoly},5311:(r,e,a)=>{

var t=a(8698);r.exports=t},8698:(r,e,a)=>{

var t=a(7508);var n=a(5161);function factorialln(r){if(t(r)){return NaN}return n(r+1)}r.exports=factorialln},3096:(r,e,a)=>{

var t=a(9503);r.exports=t},9503:r=>{

var e=Math.floor;r.exports=e},5161:(r,e,a)=>{

var t=a(6936);r.exports=t},6936:(r,e,a)=>{

var t=a(4717);var n=a(2444);var i=a(2318);var o=a(2944);var v=a(6716);var f=a(4815);var s=a(4399);var u=a(7071);var p=a(1125);var l=a(9548);var c=a(9842);var x=a(9222);var y=a(6619);var d=a(6977);var g=a(9090);var h=a(608);var m=a(1609);var w=a(8826);var b=.07721566490153287;var N=.3224670334241136;var A=1;var S=-.07721566490153287;var U=.48383612272381005;var k=-.1475877229945939;var I=.06462494023913339;var _=-.07721566490153287;var E=1;var F=.4189385332046727;var W=1.4616321449683622;var T=4503599627370496;var P=72057594037927940;var O=13877787807814457e-33;var j=1.4616321449683622;var z=-.12148629053584961;var C=-3638676997039505e-33;function gammaln(r){var e;var a;var L;var V;var H;var M;var R;var Z;var $;var q;var G;var D;var X;if(t(r)||n(r)){return r}if(r===0){return u}if(r<0){e=true;r=-r}else{e=false}if(r<O){return-o(r)}if(e){if(r>=T){return u}$=f(r);if($===0){return u}a=o(s/i($*r))}if(r===1||r===2){return 0}if(r<2){if(r<=.9){X=-o(r);if(r>=W-1+.27){G=1-r;L=0}else if(r>=W-1-.27){G=r-(j-1);L=1}else{G=r;L=2}}else{X=0;if(r>=W+.27){G=2-r;L=0}else if(r>=W-.27){G=r-j;L=1}else{G=r-1;L=2}}switch(L){case 0:D=G*G;M=b+D*p(D);H=D*(N+D*l(D));R=G*M+H;X+=R-.5*G;break;case 1:D=G*G;q=D*G;M=U+q*y(q);H=k+q*d(q);V=I+q*g(q);R=D*M-(C-q*(H+G*V));X+=z+R;break;case 2:M=G*(_+G*h(G));H=E+G*m(G);X+=-.5*G+M/H;break}}else if(r<8){L=v(r);G=r-L;R=G*(S+G*x(G));Z=A+G*c(G);X=.5*G+R/Z;D=1;switch(L){case 7:D*=G+6;case 6:D*=G+5;case 5:D*=G+4;case 4:D*=G+3;case 3:D*=G+2;X+=o(D)}}else if(r<P){$=o(r);D=1/r;G=D*D;q=F+D*w(G);X=(r-.5)*($-1)+q}else{X=r*(o(r)-1)}if(e){X=a-X}return X}r.exports=gammaln},1125:r=>{

function evalpoly(r){if(r===0){return.06735230105312927}return.06735230105312927+r*(.007385550860814029+r*(.0011927076318336207+r*(.00022086279071390839+r*25214456545125733e-21)))}r.exports=evalpoly},9548:r=>{

function evalpoly(r){if(r===0){return.020580808432516733}return.020580808432516733+r*(.0028905138367341563+r*(.0005100697921535113+r*(.00010801156724758394+r*44864094961891516e-21)))}r.exports=evalpoly},9842:r=>{

function evalpoly(r){if(r===0){return 1.3920053346762105}return 1.3920053346762105+r*(.7219355475671381+r*(.17193386563280308+r*(.01864591917156529+r*(.0007779424963818936+r*7326684307446256e-21))))}r.exports=evalpoly},9222:r=>{

function evalpoly(r){if(r===0){return.21498241596060885}return.21498241596060885+r*(.325778796408931+r*(.14635047265246445+r*(.02664227030336386+r*(.0018402845140733772+r*3194753265841009e-20))))}r.exports=evalpoly},6619:r=>{

function evalpoly(r){if(r===0){return-.032788541075985965}return-.032788541075985965+r*(.006100538702462913+r*(-.0014034646998923284+r*.00031563207090362595))}r.exports=evalpoly},6977:r=>{

function evalpoly(r){if(r===0){return.01797067508118204}return.01797067508118204+r*(-.0036845201678113826+r*(.000881081882437654+r*-.00031275416837512086))}r.exports=evalpoly},9090:r=>{

function evalpoly(r){if(r===0){return-.010314224129834144}return-.010314224129834144+r*(.0022596478090061247+r*(-.0005385953053567405+r*.0003355291926355191))}r.exports=evalpoly},608:r=>{

function evalpoly(r){if(r===0){return.6328270640250934}return.6328270640250934+r*(1.4549225013723477+r*(.9777175279633727+r*(.22896372806469245+r*.013381091853678766)))}r.exports=evalpoly},1609:r=>{

function evalpoly(r){if(r===0){return 2.4559779371304113}return 2.4559779371304113+r*(2.128489763798934+r*(.7692851504566728+r*(.10422264559336913+r*.003217092422824239)))}r.exports=evalpoly},8826:r=>{

function evalpoly(r){if(r===0){return.08333333333333297}return.08333333333333297+r*(-.0027777777772877554+r*(.0007936505586430196+r*(-.00059518755745034+r*(.0008363399189962821+r*-.0016309293409657527))))}r.exports=evalpoly},837:(r,e,a)=>{

var t=a(7012);r.exports=t},7012:(r,e,a)=>{

var t=a(8871);var n=a(9208);function kernelCos(r,e){var a;var i;var o;var v;v=r*r;o=v*v;i=v*t(v);i+=o*o*n(v);a=.5*v;o=1-a;return o+(1-o-a+(v*i-r*e))}r.exports=kernelCos},8871:r=>{

function evalpoly(r){if(r===0){return.0416666666666666}return.0416666666666666+r*(-.001388888888887411+r*2480158728947673e-20)}r.exports=evalpoly},9208:r=>{

function evalpoly(r){if(r===0){return-2.7557314351390663e-7}return-2.7557314351390663e-7+r*(2.087572321298175e-9+r*-11359647557788195e-27)}r.exports=evalpoly},7932:(r,e,a)=>{

var t=a(8259);r.exports=t},8259:r=>{

var e=-.16666666666666632;var a=.00833333333332249;var t=-.0001984126982985795;var n=27557313707070068e-22;var i=-2.5050760253406863e-8;var o=1.58969099521155e-10;function kernelSin(r,v){var f;var s;var u;var p;p=r*r;u=p*p;f=a+p*(t+p*n)+p*u*(i+p*o);s=p*r;if(v===0){return r+s*(e+p*f)}return r-(p*(.5*v-s*f)-v-s*e)}r.exports=kernelSin},189:(r,e,a)=>{

var t=a(7788);r.exports=t},7788:(r,e,a)=>{

var t=a(7071);var n=a(7129);var i=a(2391);var o=a(9502);var v=a(678);var f=a(9e3);var s=a(4717);var u=a(2444);var p=a(8922);var l=a(3633).assign;var c=a(2901);var x=a(1503);var y=a(2590);var d=2220446049250313e-31;var g=2148532223>>>0;var h=[0,0];var m=[0,0];function ldexp(r,e){var a;var w;if(e===0||r===0||s(r)||u(r)){return r}l(r,h,1,0);r=h[0];e+=h[1];e+=c(r);if(e<f){return p(0,r)}if(e>o){if(r<0){return n}return t}if(e<=v){e+=52;w=d}else{w=1}x.assign(r,m,1,0);a=m[0];a&=g;a|=e+i<<20;return w*y(a,m[1])}r.exports=ldexp},2944:(r,e,a)=>{

var t=a(1367);r.exports=t},1367:(r,e,a)=>{

var t=a(5080);var n=a(1772);var i=a(4717);var o=a(2391);var v=a(7129);var f=a(2866);var s=a(753);var u=.6931471803691238;var p=1.9082149292705877e-10;var l=0x40000000000000;var c=.3333333333333333;var x=1048575|0;var y=2146435072|0;var d=1048576|0;var g=1072693248|0;function ln(r){var e;var a;var h;var m;var w;var b;var N;var A;var S;var U;var k;var I;if(r===0){return v}if(i(r)||r<0){return NaN}a=t(r);w=0|0;if(a<d){w-=54|0;r*=l;a=t(r)}if(a>=y){return r+r}w+=(a>>20)-o|0;a&=x;A=a+614244&1048576|0;r=n(r,a|A^g);w+=A>>20|0;N=r-1;if((x&2+a)<3){if(N===0){if(w===0){return 0}return w*u+w*p}b=N*N*(.5-c*N);if(w===0){return N-b}return w*u-(b-w*p-N)}U=N/(2+N);I=U*U;A=a-398458|0;k=I*I;S=440401-a|0;m=k*f(k);h=I*s(k);A|=S;b=h+m;if(A>0){e=.5*N*N;if(w===0){return N-(e-U*(e+b))}return w*u-(e-(U*(e+b)+w*p)-N)}if(w===0){return N-U*(N-b)}return w*u-(U*(N-b)-w*p-N)}r.exports=ln},2866:r=>{

function evalpoly(r){if(r===0){return.3999999999940942}return.3999999999940942+r*(.22222198432149784+r*.15313837699209373)}r.exports=evalpoly},753:r=>{

function evalpoly(r){if(r===0){return.6666666666666735}return.6666666666666735+r*(.2857142874366239+r*(.1818357216161805+r*.14798198605116586))}r.exports=evalpoly},9512:(r,e,a)=>{

var t=a(3871);r.exports=t},3871:(r,e,a)=>{

var t=a(3532);var n=a(4717);var i=a(7071);function max(r,e){if(n(r)||n(e)){return NaN}if(r===i||e===i){return i}if(r===e&&r===0){if(t(r)){return r}return e}if(r>e){return r}return e}r.exports=max},46:(r,e,a)=>{

var t=a(9169);r.exports=t},9169:(r,e,a)=>{

var t=a(3600);var n=a(4717);var i=a(7129);function min(r,e){if(n(r)||n(e)){return NaN}if(r===i||e===i){return i}if(r===e&&r===0){if(t(r)){return r}return e}if(r<e){return r}return e}r.exports=min},5159:(r,e,a)=>{

var t=a(571);r.exports=t},9158:(r,e,a)=>{

var t=a(3096);var n=a(189);var i=a(2812);var o=[10680707,7228996,1387004,2578385,16069853,12639074,9804092,4427841,16666979,11263675,12935607,2387514,4345298,14681673,3074569,13734428,16653803,1880361,10960616,8533493,3062596,8710556,7349940,6258241,3772886,3769171,3798172,8675211,12450088,3874808,9961438,366607,15675153,9132554,7151469,3571407,2607881,12013382,4155038,6285869,7677882,13102053,15825725,473591,9065106,15363067,6271263,9264392,5636912,4652155,7056368,13614112,10155062,1944035,9527646,15080200,6658437,6231200,6832269,16767104,5075751,3212806,1398474,7579849,6349435,12618859];var v=[1.570796251296997,7.549789415861596e-8,5390302529957765e-30,3282003415807913e-37,1270655753080676e-44,12293330898111133e-52,27337005381646456e-60,21674168387780482e-67];var f=16777216;var s=5.960464477539063e-8;var u=i(20);var p=i(20);var l=i(20);var c=i(20);function compute(r,e,a,i,u,p,x,y,d){var g;var h;var m;var w;var b;var N;var A;var S;var U;w=p;U=i[a];S=a;for(b=0;S>0;b++){h=s*U|0;c[b]=U-f*h|0;U=i[S-1]+h;S-=1}U=n(U,u);U-=8*t(U*.125);A=U|0;U-=A;m=0;if(u>0){b=c[a-1]>>24-u;A+=b;c[a-1]-=b<<24-u;m=c[a-1]>>23-u}else if(u===0){m=c[a-1]>>23}else if(U>=.5){m=2}if(m>0){A+=1;g=0;for(b=0;b<a;b++){S=c[b];if(g===0){if(S!==0){g=1;c[b]=16777216-S}}else{c[b]=16777215-S}}if(u>0){switch(u){case 1:c[a-1]&=8388607;break;case 2:c[a-1]&=4194303;break}}if(m===2){U=1-U;if(g!==0){U-=n(1,u)}}}if(U===0){S=0;for(b=a-1;b>=p;b--){S|=c[b]}if(S===0){for(N=1;c[p-N]===0;N++){}for(b=a+1;b<=a+N;b++){d[y+b]=o[x+b];h=0;for(S=0;S<=y;S++){h+=r[S]*d[y+(b-S)]}i[b]=h}a+=N;return compute(r,e,a,i,u,p,x,y,d)}a-=1;u-=24;while(c[a]===0){a-=1;u-=24}}else{U=n(U,-u);if(U>=f){h=s*U|0;c[a]=U-f*h|0;a+=1;u+=24;c[a]=h}else{c[a]=U|0}}h=n(1,u);for(b=a;b>=0;b--){i[b]=h*c[b];h*=s}for(b=a;b>=0;b--){h=0;for(N=0;N<=w&&N<=a-b;N++){h+=v[N]*i[b+N]}l[a-b]=h}h=0;for(b=a;b>=0;b--){h+=l[b]}if(m===0){e[0]=h}else{e[0]=-h}h=l[0]-h;for(b=1;b<=a;b++){h+=l[b]}if(m===0){e[1]=h}else{e[1]=-h}return A&7}function kernelRempio2(r,e,a,t){var n;var i;var v;var f;var s;var l;var c;var x;var y;i=4;f=t-1;v=(a-3)/24|0;if(v<0){v=0}l=a-24*(v+1);x=v-f;y=f+i;for(c=0;c<=y;c++){if(x<0){u[c]=0}else{u[c]=o[x]}x+=1}for(c=0;c<=i;c++){n=0;for(x=0;x<=f;x++){n+=r[x]*u[f+(c-x)]}p[c]=n}s=i;return compute(r,e,s,p,l,i,v,f,u)}r.exports=kernelRempio2},571:(r,e,a)=>{

var t=a(2377);var n=a(6424);var i=a(6520);var o=a(5080);var v=a(412);var f=a(2590);var s=a(9158);var u=a(254);var p=0;var l=16777216;var c=1.5707963267341256;var x=6077100506506192e-26;var y=2*x;var d=3*x;var g=4*x;var h=598523|0;var m=1072243195|0;var w=1073928572|0;var b=1074752122|0;var N=1074977148|0;var A=1075183036|0;var S=1075388923|0;var U=1075594811|0;var k=1094263291|0;var I=[0,0,0];var _=[0,0];function rempio2(r,e){var a;var E;var F;var W;var T;var P;var O;var j;F=o(r)|0;W=F&t|0;if(W<=m){e[0]=r;e[1]=0;return 0}if(W<=b){if((W&i)===h){return u(r,W,e)}if(W<=w){if(F>0){j=r-c;e[0]=j-x;e[1]=j-e[0]-x;return 1}j=r+c;e[0]=j+x;e[1]=j-e[0]+x;return-1}if(F>0){j=r-2*c;e[0]=j-y;e[1]=j-e[0]-y;return 2}j=r+2*c;e[0]=j+y;e[1]=j-e[0]+y;return-2}if(W<=U){if(W<=A){if(W===N){return u(r,W,e)}if(F>0){j=r-3*c;e[0]=j-d;e[1]=j-e[0]-d;return 3}j=r+3*c;e[0]=j+d;e[1]=j-e[0]+d;return-3}if(W===S){return u(r,W,e)}if(F>0){j=r-4*c;e[0]=j-g;e[1]=j-e[0]-g;return 4}j=r+4*c;e[0]=j+g;e[1]=j-e[0]+g;return-4}if(W<k){return u(r,W,e)}if(W>=n){e[0]=NaN;e[1]=NaN;return 0}a=v(r);E=(W>>20)-1046;j=f(W-(E<<20|0),a);for(P=0;P<2;P++){I[P]=j|0;j=(j-I[P])*l}I[2]=j;T=3;while(I[T-1]===p){T-=1}O=s(I,_,E,T,1);if(F<0){e[0]=-_[0];e[1]=-_[1];return-O}e[0]=_[0];e[1]=_[1];return O}r.exports=rempio2},254:(r,e,a)=>{

var t=a(9954);var n=a(5080);var i=.6366197723675814;var o=1.5707963267341256;var v=6077100506506192e-26;var f=6077100506303966e-26;var s=20222662487959506e-37;var u=20222662487111665e-37;var p=84784276603689e-45;var l=2047|0;function rempio2Medium(r,e,a){var c;var x;var y;var d;var g;var h;var m;x=t(r*i);d=r-x*o;g=x*v;m=e>>20|0;a[0]=d-g;c=n(a[0]);h=m-(c>>20&l);if(h>16){y=d;g=x*f;d=y-g;g=x*s-(y-d-g);a[0]=d-g;c=n(a[0]);h=m-(c>>20&l);if(h>49){y=d;g=x*u;d=y-g;g=x*p-(y-d-g);a[0]=d-g}}a[1]=d-a[0]-g;return x}r.exports=rempio2Medium},9954:(r,e,a)=>{

var t=a(3973);r.exports=t},3973:r=>{

var e=Math.round;r.exports=e},2956:(r,e,a)=>{

var t=a(7011);r.exports=t},7011:(r,e,a)=>{

var t=a(2377);var n=a(6424);var i=a(5080);var o=a(837);var v=a(7932);var f=a(5159);var s=1072243195|0;var u=1045430272|0;var p=[0,0];function sin(r){var e;var a;e=i(r);e&=t;if(e<=s){if(e<u){return r}return v(r,0)}if(e>=n){return NaN}a=f(r,p);switch(a&3){case 0:return v(p[0],p[1]);case 1:return o(p[0],p[1]);case 2:return-v(p[0],p[1]);default:return-o(p[0],p[1])}}r.exports=sin},4815:(r,e,a)=>{

var t=a(7466);r.exports=t},7466:(r,e,a)=>{

var t=a(4717);var n=a(2444);var i=a(8485);var o=a(2956);var v=a(2318);var f=a(8922);var s=a(4399);function sinpi(r){var e;var a;if(t(r)){return NaN}if(n(r)){return NaN}a=r%2;e=v(a);if(e===0||e===1){return f(0,a)}if(e<.25){return o(s*a)}if(e<.75){e=.5-e;return f(i(s*e),a)}if(e<1.25){a=f(1,a)-a;return o(s*a)}if(e<1.75){e-=1.5;return-f(i(s*e),a)}a-=f(2,a);return o(s*a)}r.exports=sinpi},6988:(r,e,a)=>{

var t=a(9379);r.exports=t},9379:r=>{

var e=Math.sqrt;r.exports=e},6716:(r,e,a)=>{

var t=a(7795);r.exports=t},7795:(r,e,a)=>{

var t=a(3096);var n=a(563);function trunc(r){if(r<0){return n(r)}return t(r)}r.exports=trunc},4147:(r,e,a)=>{

var t=a(5502);r.exports=t},5502:r=>{

r.exports=Number},2901:(r,e,a)=>{

var t=a(4436);r.exports=t},4436:(r,e,a)=>{

var t=a(5080);var n=a(6424);var i=a(2391);function exponent(r){var e=t(r);e=(e&n)>>>20;return e-i|0}r.exports=exponent},2590:(r,e,a)=>{

var t=a(9057);r.exports=t},7115:(r,e,a)=>{

var t=a(4165);var n;var i;var o;if(t===true){i=1;o=0}else{i=0;o=1}n={HIGH:i,LOW:o};r.exports=n},9057:(r,e,a)=>{

var t=a(9773);var n=a(721);var i=a(7115);var o=new n(1);var v=new t(o.buffer);var f=i.HIGH;var s=i.LOW;function fromWords(r,e){v[f]=r;v[s]=e;return o[0]}r.exports=fromWords},5294:(r,e,a)=>{

var t=a(4165);var n;if(t===true){n=1}else{n=0}r.exports=n},5080:(r,e,a)=>{

var t=a(8303);r.exports=t},8303:(r,e,a)=>{

var t=a(9773);var n=a(721);var i=a(5294);var o=new n(1);var v=new t(o.buffer);function getHighWord(r){o[0]=r;return v[i]}r.exports=getHighWord},412:(r,e,a)=>{

var t=a(6163);r.exports=t},2150:(r,e,a)=>{

var t=a(4165);var n;if(t===true){n=0}else{n=1}r.exports=n},6163:(r,e,a)=>{

var t=a(9773);var n=a(721);var i=a(2150);var o=new n(1);var v=new t(o.buffer);function getLowWord(r){o[0]=r;return v[i]}r.exports=getLowWord},496:(r,e,a)=>{

var t=a(107);var n=a(2444);var i=a(4717);var o=a(2318);var v=4503599627370496;function normalize(r,e,a,f){if(i(r)||n(r)){e[f]=r;e[f+a]=0;return e}if(r!==0&&o(r)<t){e[f]=r*v;e[f+a]=-52;return e}e[f]=r;e[f+a]=0;return e}r.exports=normalize},3633:(r,e,a)=>{

var t=a(958);var n=a(6768);var i=a(496);t(n,"assign",i);r.exports=n},6768:(r,e,a)=>{

var t=a(496);function normalize(r){return t(r,[0,0],1,0)}r.exports=normalize},8506:(r,e,a)=>{

var t=a(4165);var n;if(t===true){n=1}else{n=0}r.exports=n},1772:(r,e,a)=>{

var t=a(7699);r.exports=t},7699:(r,e,a)=>{

var t=a(9773);var n=a(721);var i=a(8506);var o=new n(1);var v=new t(o.buffer);function setHighWord(r,e){o[0]=r;v[i]=e>>>0;return o[0]}r.exports=setHighWord},1848:(r,e,a)=>{

var t=a(4127);r.exports=t},8434:(r,e,a)=>{

var t=a(4165);var n;if(t===true){n=0}else{n=1}r.exports=n},4127:(r,e,a)=>{

var t=a(9773);var n=a(721);var i=a(8434);var o=new n(1);var v=new t(o.buffer);function setLowWord(r,e){o[0]=r;v[i]=e>>>0;return o[0]}r.exports=setLowWord},710:(r,e,a)=>{

var t=a(9773);var n=a(721);var i=a(2730);var o=new n(1);var v=new t(o.buffer);var f=i.HIGH;var s=i.LOW;function toWords(r,e,a,t){o[0]=r;e[t]=v[f];e[t+a]=v[s];return e}r.exports=toWords},1503:(r,e,a)=>{

var t=a(958);var n=a(986);var i=a(710);t(n,"assign",i);r.exports=n},2730:(r,e,a)=>{

var t=a(4165);var n;var i;var o;if(t===true){i=1;o=0}else{i=0;o=1}n={HIGH:i,LOW:o};r.exports=n},986:(r,e,a)=>{

var t=a(710);function toWords(r){return t(r,[0>>>0,0>>>0],1,0)}r.exports=toWords},3435:(r,e,a)=>{

var t=a(3170);var n=a(4717);function factory(r){if(n(r)){return t(NaN)}return cdf;function cdf(e){if(n(e)){return NaN}return e<r?0:1}}r.exports=factory},1153:(r,e,a)=>{

var t=a(958);var n=a(4560);var i=a(3435);t(n,"factory",i);r.exports=n},4560:(r,e,a)=>{

var t=a(4717);function cdf(r,e){if(t(r)||t(e)){return NaN}return r<e?0:1}r.exports=cdf},6105:(r,e,a)=>{

var t=a(3170);var n=a(4717);function factory(r){if(n(r)){return t(NaN)}return quantile;function quantile(e){if(n(e)||e<0||e>1){return NaN}return r}}r.exports=factory},2547:(r,e,a)=>{

var t=a(958);var n=a(9342);var i=a(6105);t(n,"factory",i);r.exports=n},9342:(r,e,a)=>{

var t=a(4717);function quantile(r,e){if(t(r)||r<0||r>1){return NaN}return e}r.exports=quantile},5252:(r,e,a)=>{

var t=a(4831);var n=a(4717);var i=a(3170);var o=a(2069);var v=a(5311);var f=a(9512);var s=a(46);var u=a(7071);function factory(r,e,a){var p;var l;if(n(r)||n(e)||n(a)||!t(r)||!t(e)||!t(a)||r===u||e===u||e>r||a>r){return i(NaN)}l=f(0,a+e-r);p=s(e,a);return pmf;function pmf(i){var f;var s;var u;if(n(i)){return NaN}if(t(i)&&l<=i&&i<=p){s=v(a)+v(e)+v(r-a)+v(r-e);f=v(r)+v(i)+v(a-i);f+=v(e-i)+v(r-e+i-a);u=s-f;return o(u)}return 0}}r.exports=factory},6250:(r,e,a)=>{

var t=a(958);var n=a(4621);var i=a(5252);t(n,"factory",i);r.exports=n},4621:(r,e,a)=>{

var t=a(4831);var n=a(4717);var i=a(2069);var o=a(5311);var v=a(9512);var f=a(46);var s=a(7071);function pmf(r,e,a,u){var p;var l;var c;var x;var y;if(n(r)||n(e)||n(a)||n(u)||!t(e)||!t(a)||!t(u)||e===s||a===s||a>e||u>e){return NaN}y=v(0,u+a-e);x=f(a,u);if(t(r)&&y<=r&&r<=x){l=o(u)+o(a)+o(e-u)+o(e-a);p=o(e)+o(r)+o(u-r);p+=o(a-r)+o(e-a+r-u);c=l-p;return i(c)}return 0}r.exports=pmf},4980:(r,e,a)=>{

var t=a(3170);var n=a(1153).factory;var i=a(4717);var o=a(6988);var v=a(414);function factory(r,e){var a;if(i(r)||i(e)||e<0){return t(NaN)}if(e===0){return n(r)}a=e*o(2);return cdf;function cdf(e){var t;if(i(e)){return NaN}t=e-r;return.5*v(-t/a)}}r.exports=factory},8778:(r,e,a)=>{

var t=a(958);var n=a(2285);var i=a(4980);t(n,"factory",i);r.exports=n},2285:(r,e,a)=>{

var t=a(414);var n=a(6988);var i=a(4717);function cdf(r,e,a){var o;var v;if(i(r)||i(e)||i(a)||a<0){return NaN}if(a===0){return r<e?0:1}o=a*n(2);v=r-e;return.5*t(-v/o)}r.exports=cdf},7036:(r,e,a)=>{

var t=a(3170);var n=a(2547).factory;var i=a(9320);var o=a(4717);var v=a(6988);function factory(r,e){var a;var f;if(o(r)||o(e)||e<0){return t(NaN)}if(e===0){n(r)}a=r;f=e*v(2);return quantile;function quantile(r){if(o(r)||r<0||r>1){return NaN}return a+f*i(2*r-1)}}r.exports=factory},34:(r,e,a)=>{

var t=a(958);var n=a(6069);var i=a(7036);t(n,"factory",i);r.exports=n},6069:(r,e,a)=>{

var t=a(9320);var n=a(4717);var i=a(6988);function quantile(r,e,a){var o;var v;if(n(e)||n(a)||n(r)||a<0||r<0||r>1){return NaN}if(a===0){return e}o=e;v=a*i(2);return o+v*t(2*r-1)}r.exports=quantile},1343:r=>{

var e=Math.abs;var a=String.prototype.toLowerCase;var t=String.prototype.toUpperCase;var n=String.prototype.replace;var i=/e\+(\d)$/;var o=/e-(\d)$/;var v=/^(\d+)$/;var f=/^(\d+)e/;var s=/\.0$/;var u=/\.0*e/;var p=/(\..*[^0])0*e/;function formatDouble(r,l){var c;var x;switch(l.specifier){case"e":case"E":x=r.toExponential(l.precision);break;case"f":case"F":x=r.toFixed(l.precision);break;case"g":case"G":if(e(r)<1e-4){c=l.precision;if(c>0){c-=1}x=r.toExponential(c)}else{x=r.toPrecision(l.precision)}if(!l.alternate){x=n.call(x,p,"$1e");x=n.call(x,u,"e");x=n.call(x,s,"")}break;default:throw new Error("invalid double notation. Value: "+l.specifier)}x=n.call(x,i,"e+0$1");x=n.call(x,o,"e-0$1");if(l.alternate){x=n.call(x,v,"$1.");x=n.call(x,f,"$1.e")}if(r>=0&&l.sign){x=l.sign+x}x=l.specifier===t.call(l.specifier)?t.call(x):a.call(x);return x}r.exports=formatDouble},8089:(r,e,a)=>{

var t=a(2214);var n=a(7680);var i=String.prototype.toLowerCase;var o=String.prototype.toUpperCase;function formatInteger(r){var e;var a;var v;switch(r.specifier){case"b":e=2;break;case"o":e=8;break;case"x":case"X":e=16;break;case"d":case"i":case"u":default:e=10;break}a=r.arg;v=parseInt(a,10);if(!isFinite(v)){if(!t(a)){throw new Error("invalid integer. Value: "+a)}v=0}if(v<0&&(r.specifier==="u"||e!==10)){v=4294967295+v+1}if(v<0){a=(-v).toString(e);if(r.precision){a=n(a,r.precision,r.padRight)}a="-"+a}else{a=v.toString(e);if(!v&&!r.precision){a=""}else if(r.precision){a=n(a,r.precision,r.padRight)}if(r.sign){a=r.sign+a}}if(e===16){if(r.alternate){a="0x"+a}a=r.specifier===o.call(r.specifier)?o.call(a):i.call(a)}if(e===8){if(r.alternate&&a.charAt(0)!=="0"){a="0"+a}}return a}r.exports=formatInteger},470:(r,e,a)=>{

var t=a(6217);r.exports=t},2214:r=>{

function isNumber(r){return typeof r==="number"}r.exports=isNumber},878:r=>{

function isString(r){return typeof r==="string"}r.exports=isString},6217:(r,e,a)=>{

var t=a(8089);var n=a(878);var i=a(2214);var o=a(1343);var v=a(3629);var f=a(7680);var s=String.fromCharCode;var u=Array.isArray;function isnan(r){return r!==r}function initialize(r){var e={};e.specifier=r.specifier;e.precision=r.precision===void 0?1:r.precision;e.width=r.width;e.flags=r.flags||"";e.mapping=r.mapping;return e}function formatInterpolate(r){var e;var a;var p;var l;var c;var x;var y;var d;var g;var h;if(!u(r)){throw new TypeError("invalid argument. First argument must be an array. Value: `"+r+"`.")}x="";y=1;for(g=0;g<r.length;g++){p=r[g];if(n(p)){x+=p}else{e=p.precision!==void 0;p=initialize(p);if(!p.specifier){throw new TypeError("invalid argument. Token is missing `specifier` property. Index: `"+g+"`. Value: `"+p+"`.")}if(p.mapping){y=p.mapping}a=p.flags;for(h=0;h<a.length;h++){l=a.charAt(h);switch(l){case" ":p.sign=" ";break;case"+":p.sign="+";break;case"-":p.padRight=true;p.padZeros=false;break;case"0":p.padZeros=a.indexOf("-")<0;break;case"#":p.alternate=true;break;default:throw new Error("invalid flag: "+l)}}if(p.width==="*"){p.width=parseInt(arguments[y],10);y+=1;if(isnan(p.width)){throw new TypeError("the argument for * width at position "+y+" is not a number. Value: `"+p.width+"`.")}if(p.width<0){p.padRight=true;p.width=-p.width}}if(e){if(p.precision==="*"){p.precision=parseInt(arguments[y],10);y+=1;if(isnan(p.precision)){throw new TypeError("the argument for * precision at position "+y+" is not a number. Value: `"+p.precision+"`.")}if(p.precision<0){p.precision=1;e=false}}}p.arg=arguments[y];switch(p.specifier){case"b":case"o":case"x":case"X":case"d":case"i":case"u":if(e){p.padZeros=false}p.arg=t(p);break;case"s":p.maxWidth=e?p.precision:-1;p.arg=String(p.arg);break;case"c":if(!isnan(p.arg)){c=parseInt(p.arg,10);if(c<0||c>127){throw new Error("invalid character code. Value: "+p.arg)}p.arg=isnan(c)?String(p.arg):s(c)}break;case"e":case"E":case"f":case"F":case"g":case"G":if(!e){p.precision=6}d=parseFloat(p.arg);if(!isFinite(d)){if(!i(p.arg)){throw new Error("invalid floating-point number. Value: "+x)}d=p.arg;p.padZeros=false}p.arg=o(d,p);break;default:throw new Error("invalid specifier: "+p.specifier)}if(p.maxWidth>=0&&p.arg.length>p.maxWidth){p.arg=p.arg.substring(0,p.maxWidth)}if(p.padZeros){p.arg=f(p.arg,p.width||p.precision,p.padRight)}else if(p.width){p.arg=v(p.arg,p.width,p.padRight)}x+=p.arg||"";y+=1}}return x}r.exports=formatInterpolate},3629:r=>{

function spaces(r){var e="";var a;for(a=0;a<r;a++){e+=" "}return e}function spacePad(r,e,a){var t=e-r.length;if(t<0){return r}r=a?r+spaces(t):spaces(t)+r;return r}r.exports=spacePad},7680:r=>{

function startsWithMinus(r){return r[0]==="-"}function zeros(r){var e="";var a;for(a=0;a<r;a++){e+="0"}return e}function zeroPad(r,e,a){var t=false;var n=e-r.length;if(n<0){return r}if(startsWithMinus(r)){t=true;r=r.substr(1)}r=a?r+zeros(n):zeros(n)+r;if(t){r="-"+r}return r}r.exports=zeroPad},2754:(r,e,a)=>{

var t=a(229);r.exports=t},229:r=>{

var e=/%(?:([1-9]\d*)\$)?([0 +\-#]*)(\*|\d+)?(?:(\.)(\*|\d+)?)?[hlL]?([%A-Za-z])/g;function parse(r){var e={mapping:r[1]?parseInt(r[1],10):void 0,flags:r[2],width:r[3],precision:r[5],specifier:r[6]};if(r[4]==="."&&r[5]===void 0){e.precision="1"}return e}function formatTokenize(r){var a;var t;var n;var i;t=[];i=0;n=e.exec(r);while(n){a=r.slice(i,e.lastIndex-n[0].length);if(a.length){t.push(a)}if(n[6]==="%"){t.push("%")}else{t.push(parse(n))}i=e.lastIndex;n=e.exec(r)}a=r.slice(i);if(a.length){t.push(a)}return t}r.exports=formatTokenize},1350:(r,e,a)=>{

var t=a(9177);r.exports=t},206:r=>{

function isString(r){return typeof r==="string"}r.exports=isString},9177:(r,e,a)=>{

var t=a(470);var n=a(2754);var i=a(206);function format(r){var e;var a;if(!i(r)){throw new TypeError(format("invalid argument. First argument must be a string. Value: `%s`.",r))}e=[n(r)];for(a=1;a<arguments.length;a++){e.push(arguments[a])}return t.apply(null,e)}r.exports=format},7960:(r,e,a)=>{

var t=a(1935);r.exports=t},1935:r=>{

var e=typeof Symbol==="function"?Symbol:void 0;r.exports=e},3170:(r,e,a)=>{

var t=a(245);r.exports=t},245:r=>{

function wrap(r){return constantFunction;function constantFunction(){return r}}r.exports=wrap},958:(r,e,a)=>{

var t=a(9649);r.exports=t},9649:(r,e,a)=>{

var t=a(3838);function setNonEnumerableReadOnly(r,e,a){t(r,e,{configurable:false,enumerable:false,writable:false,value:a})}r.exports=setNonEnumerableReadOnly},5689:r=>{

var e=Object.defineProperty;r.exports=e},5603:r=>{

var e=typeof Object.defineProperty==="function"?Object.defineProperty:null;r.exports=e},5580:(r,e,a)=>{

var t=a(5603);function hasDefinePropertySupport(){try{t({},"x",{});return true}catch(r){return false}}r.exports=hasDefinePropertySupport},3838:(r,e,a)=>{

var t=a(5580);var n=a(5689);var i=a(4359);var o;if(t()){o=n}else{o=i}r.exports=o},4359:(r,e,a)=>{

var t=a(1350);var n=Object.prototype;var i=n.toString;var o=n.__defineGetter__;var v=n.__defineSetter__;var f=n.__lookupGetter__;var s=n.__lookupSetter__;function defineProperty(r,e,a){var u;var p;var l;var c;if(typeof r!=="object"||r===null||i.call(r)==="[object Array]"){throw new TypeError(t("invalid argument. First argument must be an object. Value: `%s`.",r))}if(typeof a!=="object"||a===null||i.call(a)==="[object Array]"){throw new TypeError(t("invalid argument. Property descriptor must be an object. Value: `%s`.",a))}p="value"in a;if(p){if(f.call(r,e)||s.call(r,e)){u=r.__proto__;r.__proto__=n;delete r[e];r[e]=a.value;r.__proto__=u}else{r[e]=a.value}}l="get"in a;c="set"in a;if(p&&(l||c)){throw new Error("invalid argument. Cannot specify one or more accessors and a value or writable attribute in the property descriptor.")}if(l&&o){o.call(r,e,a.get)}if(c&&v){v.call(r,e,a.set)}return r}r.exports=defineProperty},8017:(r,e,a)=>{

var t=a(6623);var n=a(5792);var i=a(6070);var o;if(t()){o=i}else{o=n}r.exports=o},5792:(r,e,a)=>{

var t=a(5933);function nativeClass(r){return t.call(r)}r.exports=nativeClass},6070:(r,e,a)=>{

var t=a(3149);var n=a(1021);var i=a(5933);function nativeClass(r){var e;var a;var o;if(r===null||r===void 0){return i.call(r)}a=r[n];e=t(r,n);try{r[n]=void 0}catch(e){return i.call(r)}o=i.call(r);if(e){r[n]=a}else{delete r[n]}return o}r.exports=nativeClass},5933:r=>{

var e=Object.prototype.toString;r.exports=e},1021:(r,e,a)=>{

var t=a(7960);var n=typeof t==="function"?t.toStringTag:"";r.exports=n}};